import type { Metric } from './eval-types.js';

/** Metrics as aligned text lines (the bench's console table; Markdown rows are made from its lines). */
export function formatTable(metrics: Metric[]): string {
  const fmt = (m: Metric) => (m.value === null ? 'n/a' : m.unit === 'share' ? `${(m.value * 100).toFixed(1)}%` : m.value.toFixed(m.unit === 'm' ? 2 : 3));
  const w = Math.max(...metrics.map((m) => m.name.length));
  return metrics.map((m) => `${m.name.padEnd(w)}  ${fmt(m).padStart(8)} ${m.unit && m.unit !== 'share' && m.unit !== 'score' ? m.unit : ''}${m.note ? `  (${m.note})` : ''}`).join('\n');
}
