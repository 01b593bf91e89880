import Konva from 'konva';

export const PITCH_LENGTH = 105;
export const PITCH_WIDTH = 68;

/** Screen position of a pitch point (metres, origin bottom-left, y up) on a stage drawn at `scale` px/m. */
export const toScreen = (x: number, y: number, scale: number, margin: number) => ({ x: margin + x * scale, y: margin + (PITCH_WIDTH - y) * scale });

/** Grass and the markings of a 105 x 68 pitch (IFAB dimensions) on a layer. */
export function drawPitch(layer: Konva.Layer, scale: number, margin: number): void {
  const line = { stroke: 'rgba(255,255,255,0.85)', strokeWidth: Math.max(1, scale * 0.12), listening: false };
  const p = (x: number, y: number) => toScreen(x, y, scale, margin);
  const rect = (x0: number, y0: number, x1: number, y1: number) => {
    const a = p(x0, y1);
    const b = p(x1, y0);
    layer.add(new Konva.Rect({ x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y, ...line }));
  };
  layer.add(new Konva.Rect({ x: 0, y: 0, width: PITCH_LENGTH * scale + 2 * margin, height: PITCH_WIDTH * scale + 2 * margin, fill: '#2f7d3b', listening: false }));
  for (let k = 0; k < 10; k += 2) {
    const a = p((k * PITCH_LENGTH) / 10, PITCH_WIDTH);
    layer.add(new Konva.Rect({ x: a.x, y: a.y, width: (PITCH_LENGTH / 10) * scale, height: PITCH_WIDTH * scale, fill: '#338742', listening: false }));
  }
  rect(0, 0, PITCH_LENGTH, PITCH_WIDTH);
  const half = [p(PITCH_LENGTH / 2, 0), p(PITCH_LENGTH / 2, PITCH_WIDTH)];
  layer.add(new Konva.Line({ points: [half[0]!.x, half[0]!.y, half[1]!.x, half[1]!.y], ...line }));
  const centre = p(PITCH_LENGTH / 2, PITCH_WIDTH / 2);
  layer.add(new Konva.Circle({ x: centre.x, y: centre.y, radius: 9.15 * scale, ...line }));
  for (const [x0, x1] of [[0, 16.5], [PITCH_LENGTH - 16.5, PITCH_LENGTH]] as const) rect(x0, PITCH_WIDTH / 2 - 20.16, x1, PITCH_WIDTH / 2 + 20.16);
  for (const [x0, x1] of [[0, 5.5], [PITCH_LENGTH - 5.5, PITCH_LENGTH]] as const) rect(x0, PITCH_WIDTH / 2 - 9.16, x1, PITCH_WIDTH / 2 + 9.16);
}
