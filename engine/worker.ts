import { EngineFailure, runEngine } from './run-engine.js';
import type { ParentMessage, WorkerMessage } from './worker-protocol.js';

/**
 * The engine process: started by the service (child_process.fork under Node, utilityProcess in
 * Electron) for one analysis. It talks only through messages; a crash is seen by the parent as the
 * process exiting without `done`.
 */
type Port = { send(message: WorkerMessage): void; onMessage(listener: (message: ParentMessage) => void): void };

function processPort(): Port {
  // Electron's utilityProcess exposes process.parentPort; a Node fork exposes process.send.
  const parentPort = (process as unknown as { parentPort?: { postMessage(m: unknown): void; on(e: 'message', l: (ev: { data: unknown }) => void): void } }).parentPort;
  if (parentPort) {
    return {
      send: (m) => parentPort.postMessage(m),
      onMessage: (l) => parentPort.on('message', (ev) => l(ev.data as ParentMessage)),
    };
  }
  if (!process.send) throw new Error('engine worker must be started by the Touchline service');
  return {
    send: (m) => process.send?.(m),
    onMessage: (l) => process.on('message', (m) => l(m as ParentMessage)),
  };
}

const port = processPort();
// The service is gone (crashed or killed): nobody will read the results, and an orphan would hold
// memory and CPU. The next start of the service runs the analysis again.
process.on('disconnect', () => process.exit(1));
let lastProgressAt = 0;
port.onMessage((message) => {
  if (message.type !== 'run') return;
  runEngine(message.spec, (progress, stage, frames) => {
    const now = Date.now();
    if (now - lastProgressAt < 200 && progress < 100) return;
    lastProgressAt = now;
    port.send(frames ? { type: 'progress', progress, stage, frames } : { type: 'progress', progress, stage });
  }).then(
    (facts) => port.send({ type: 'done', facts }),
    (error: unknown) => {
      const failure = error instanceof EngineFailure ? error : null;
      port.send({
        type: 'failed',
        message: failure ? failure.message : `engine error: ${error instanceof Error ? error.message : String(error)}`,
        status: failure ? failure.status : 'error',
      });
    },
  ).finally(() => {
    // Let the message flush, then leave: one process per analysis.
    setTimeout(() => process.exit(0), 50);
  });
});
