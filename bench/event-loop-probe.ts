/**
 * Preloaded into a benchmark's `touchline serve` child (`node --import <this> touchline.js serve`):
 * measures the service's own event-loop delay without a line of benchmark code in the service. Each
 * SIGUSR2 prints the delay since the previous one (`loop-delay {...}` on stderr, milliseconds) and
 * starts a fresh histogram, so a benchmark brackets the stretch it measures with two signals.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const LOOP_DELAY_LINE = 'loop-delay ';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  samples: number;
}

const RESOLUTION_MS = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
histogram.enable();

process.on('SIGUSR2', () => {
  // The histogram measures how late each timer tick ran: its values less the resolution are the delay.
  const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  const delay: LoopDelay = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count };
  process.stderr.write(`${LOOP_DELAY_LINE}${JSON.stringify(delay)}\n`);
  histogram.reset();
});
