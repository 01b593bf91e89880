import type { DrillResult } from './drill.js';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : 0;
};

/** The drill's Markdown section: recoveries, what the kills interrupted, each failed check, wall time. */
export function drillSection(r: DrillResult, o: { command: string; machine: string; videoAnalysis: boolean; date: string }): string {
  const interrupted = new Map<string, number>();
  for (const round of r.rounds) {
    for (const step of round.inFlight.length ? round.inFlight : ['(idle: the mix had finished)']) interrupted.set(step, (interrupted.get(step) ?? 0) + 1);
  }
  const failed = r.rounds.filter((x) => x.failures.length > 0);
  const last = r.rounds[r.rounds.length - 1];
  const lines = [
    `## bench:chaos ${o.date}`,
    '',
    `Machine: ${o.machine}. Command: \`${o.command}\` (seed ${r.seed}). Target: ${r.kills}/${r.kills} crash recoveries.`,
    `Mix per round: delete the last round's videos; the ${o.videoAnalysis ? 'rendered 3 s clip' : 'clip'} as a local file and over HTTP with and without Range (throttled downloads of ~1.5 s), `
      + `each one's kit preview, ${o.videoAnalysis ? 'the video engine on the Range-served copy, ' : ''}a \`sim\` import of the clip's tracking, Parquet and JSON tracking downloads, summary and events of each finished analysis, `
      + 'a completion webhook to a local receiver. Each round: `kill -9` of the service\'s process group (engine and ffmpeg children included) at a seeded moment, restart on the same data folder, settle, check.',
    '',
    '| measure | value |',
    '|---|---|',
    `| **recoveries ok / kills** | **${r.ok} / ${r.kills}** |`,
    `| reference run (uninterrupted): quick steps / whole mix | ${(r.quickMs / 1000).toFixed(1)} s / ${(r.fullMs / 1000).toFixed(1)} s |`,
    `| restart after the kill: median / slowest | ${median(r.rounds.map((x) => x.restartMs))} / ${Math.max(0, ...r.rounds.map((x) => x.restartMs))} ms |`,
    `| restart to settled: median / slowest | ${(median(r.rounds.map((x) => x.settleMs)) / 1000).toFixed(1)} / ${(Math.max(0, ...r.rounds.map((x) => x.settleMs)) / 1000).toFixed(1)} s |`,
    `| problems at the last check (each is counted once, in the round that brought it) | ${last ? last.failures.length + last.carried : 0} |`,
    `| integrity_check with the service stopped at the end | ${r.finalFailures.length ? r.finalFailures.join('; ') : 'ok'} |`,
    `| wall time | ${(r.wallMs / 60000).toFixed(1)} min |`,
    '',
    `Checked after every restart: nothing stuck (videos in init/downloading/locally_available, analyses open, jobs or webhook deliveries left over once settled), every analysis \`done\` with results or \`error\` with a reason (and, the sources being sound, no video or analysis failed at all), \`PRAGMA integrity_check\` ok and no foreign key broken, no orphaned or temporary file in the data folder (\`.part\`, \`.partial\`, \`.tmp\`, folders of deleted videos or unfinished analyses), downloaded sources byte-identical to the served clip, one delivered webhook per finished analysis, and every done analysis's results (API: tracking Parquet and JSON, events, summary, the analysis; files: tracking, events, facts, crops, the Parquet, the cached summary) byte-identical to the reference (only per-run fields normalised: the facts' \`timings_ms\`, the summary's \`generated_at\` and the game id's number).`,
    '',
    `Kill moments (what was running): ${[...interrupted].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}.`,
    '',
  ];
  if (r.referenceFailures.length) lines.push('The reference run itself failed:', '', ...r.referenceFailures.map((f) => `- ${f}`), '');
  if (failed.length === 0) lines.push('Failed checks: none.');
  else {
    lines.push('Failed checks:', '');
    for (const x of failed) lines.push(`- round ${x.round} (killed at ${x.killAtMs} ms: ${x.inFlight.join(', ') || 'idle'}): ${x.failures.join('; ')}`);
  }
  return lines.join('\n');
}
