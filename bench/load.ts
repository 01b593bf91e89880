import { Agent, request } from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/**
 * A closed-loop load generator: `concurrency` keep-alive connections, each sending the next request
 * as soon as the previous answer is read, for `seconds`. Latency is measured per request, from
 * write to the last byte of the body.
 */
export async function load(options: { url: string; token: string; concurrency: number; seconds: number; paths: () => string }): Promise<LoadResult> {
  const target = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + options.seconds * 1000;
  const started = performance.now();
  const one = (path: string) => new Promise<void>((resolve) => {
    const t0 = performance.now();
    const req = request({ agent, host: target.hostname, port: target.port, path, headers: { authorization: `Bearer ${options.token}`, accept: 'application/json' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => {
        if (res.statusCode !== 200) errors += 1;
        latencies.push(performance.now() - t0);
        resolve();
      });
    });
    req.on('error', () => {
      errors += 1;
      resolve();
    });
    req.end();
  });
  await Promise.all(Array.from({ length: options.concurrency }, async () => {
    while (performance.now() < until) await one(options.paths());
  }));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    max_ms: sorted.length ? (sorted[sorted.length - 1] as number) : NaN,
  };
}
