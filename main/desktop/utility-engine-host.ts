import type { EngineHost, EngineHostOptions } from '../service/jobs/engine-host.js';
import { processEngineHost } from '../service/jobs/engine-host.js';
import type { ElectronMain } from './electron-api.js';

/**
 * The engine in Electron's utilityProcess (a Node process Electron starts and supervises, so a crash
 * or a heavy analysis never touches the window): the same worker script and messages as the
 * service's child process (engine/worker.ts reads process.parentPort there).
 */
export function utilityEngineHost(electron: Pick<ElectronMain, 'utilityProcess'>, options: EngineHostOptions = {}): EngineHost {
  return processEngineHost((script, env) => {
    const child = electron.utilityProcess.fork(script, [], { serviceName: 'Touchline engine', stdio: 'inherit', env });
    return {
      send: (m) => child.postMessage(m),
      onMessage: (l) => child.on('message', l),
      onExit: (l) => child.on('exit', (code: number) => l(`exit code ${code}`)),
      // utilityProcess reports a failed start as an exit; there is no separate error event.
      onStartError: () => undefined,
      kill: () => { child.kill(); },
    };
  }, options);
}
