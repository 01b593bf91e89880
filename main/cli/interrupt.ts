import { CliError, EXIT } from './cli-error.js';

/**
 * Ctrl-C for long commands: the first one aborts the signal, so the command stops its work and cleans
 * up (cancels the analysis, removes what it had half-written) before exiting 130; a second one exits at
 * once for a person who will not wait.
 */
export function interruptOnSigint(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    process.stderr.write('\ntouchline: stopping (Ctrl-C again to quit at once)\n');
    controller.abort(new CliError('stopped by Ctrl-C', EXIT.interrupted));
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigint);
    },
  };
}

/** Waits `ms`, or less when the signal aborts (then throws its reason). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
