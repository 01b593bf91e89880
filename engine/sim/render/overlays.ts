import type { SKRSContext2D } from '@napi-rs/canvas';

export interface BugInfo {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  clock: string;
}

/** Screen region [x0, y0, x1, y1] the score bug covers at this frame width. */
export function scoreBugBox(width: number): [number, number, number, number] {
  const s = width / 1280;
  return [36 * s, 26 * s, 356 * s, 56 * s];
}

/** The score bug broadcasters keep in a top corner during play. */
export function drawScoreBug(ctx: SKRSContext2D, width: number, info: BugInfo): void {
  const s = width / 1280;
  const [x, y] = scoreBugBox(width);
  ctx.fillStyle = 'rgba(12,18,40,0.88)';
  ctx.fillRect(x, y, 250 * s, 30 * s);
  ctx.fillStyle = '#e30613';
  ctx.fillRect(x + 250 * s, y, 70 * s, 30 * s);
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${17 * s}px sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(info.home, x + 10 * s, y + 15 * s);
  ctx.textAlign = 'center';
  ctx.fillText(`${info.homeGoals} - ${info.awayGoals}`, x + 125 * s, y + 15 * s);
  ctx.textAlign = 'right';
  ctx.fillText(info.away, x + 240 * s, y + 15 * s);
  ctx.textAlign = 'center';
  ctx.fillText(info.clock, x + 285 * s, y + 15 * s);
}

/** A graphic band sweeping diagonally across the picture: the frame of a replay. */
export function drawWipe(ctx: SKRSContext2D, width: number, height: number, progress: number): void {
  const band = width * 0.55;
  const x = -band - height + (width + band + height * 2) * progress;
  ctx.fillStyle = '#0b3d91';
  ctx.beginPath();
  ctx.moveTo(x, 0);
  ctx.lineTo(x + band, 0);
  ctx.lineTo(x + band - height, height);
  ctx.lineTo(x - height, height);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#f6d200';
  ctx.beginPath();
  ctx.moveTo(x + band, 0);
  ctx.lineTo(x + band + width * 0.04, 0);
  ctx.lineTo(x + band + width * 0.04 - height, height);
  ctx.lineTo(x + band - height, height);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${height * 0.18}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('REPLAY', x + band / 2 - height / 2, height / 2);
}

/** A full-screen graphic: a title and a few lines, as broadcasters show during stoppages. */
export function drawFullScreen(ctx: SKRSContext2D, width: number, height: number, title: string, lines: string[]): void {
  const g = ctx.createLinearGradient(0, 0, width, height);
  g.addColorStop(0, '#0a1d4a');
  g.addColorStop(1, '#1b4f9c');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#f6d200';
  ctx.fillRect(width * 0.08, height * 0.2, width * 0.006, height * 0.6);
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.font = `bold ${height * 0.08}px sans-serif`;
  ctx.fillText(title, width * 0.11, height * 0.3);
  ctx.font = `${height * 0.05}px sans-serif`;
  lines.forEach((line, i) => ctx.fillText(line, width * 0.11, height * (0.42 + i * 0.09)));
}
