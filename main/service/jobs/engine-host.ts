import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { compiledScript } from '../results/script-path.js';
import type { AnalysisFacts, EngineRunSpec, FrameCount, WorkerMessage } from '../../../engine/api.js';

/** Runs one analysis in a separate engine process; the service never computes in its own. */
export interface EngineHost {
  run(spec: EngineRunSpec, options: { signal: AbortSignal; onProgress(progress: number, stage: string, frames?: FrameCount): void }): Promise<AnalysisFacts>;
}

/** An engine run that ended without results; `status` is the analysis status it means. */
export class EngineRunError extends Error {
  constructor(message: string, readonly status: 'error' | 'no_match_detected' | 'needs_attention') {
    super(message);
  }
}

/** The compiled worker script (see compiledScript: dist/ even when the service runs from sources). */
export function workerScript(): string {
  return compiledScript('engine/worker.js');
}

/**
 * An engine process as the host drives it: a Node child process here and in tests, Electron's
 * utilityProcess in the desktop app. Both speak the same messages (engine/worker-protocol.ts).
 */
export interface EngineProcess {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the process ends; `detail` says how (exit code or signal). */
  onExit(listener: (detail: string) => void): void;
  onStartError(listener: (error: Error) => void): void;
  kill(): void;
}

export interface EngineHostOptions {
  script?: string;
  /**
   * A folder of the data directory for the engine's temporary files. onnxruntime's telemetry library
   * leaves an empty `mat-debug-<pid>.log` in the temporary folder of every process that creates a
   * session; each run gets its own folder here (TMPDIR), removed when the process ends, and the service
   * clears the whole folder at start (a killed run's leftovers).
   */
  scratchDir?: string;
}

/** The engine processes' scratch folder in a data directory. */
export function engineScratchDir(home: string): string {
  return join(home, 'tmp');
}

/** The environment of an engine process: the parent's, with its temporary folder pointed at `dir`. */
function engineEnv(dir: string | null): NodeJS.ProcessEnv {
  return dir === null ? { ...process.env } : { ...process.env, TMPDIR: dir, TMP: dir, TEMP: dir };
}

/** A host over any way of starting the worker script: one process per run, progress relayed, cancellable. */
export function processEngineHost(start: (script: string, env: NodeJS.ProcessEnv) => EngineProcess, options: EngineHostOptions = {}): EngineHost {
  return {
    run(spec, { signal, onProgress }) {
      const script = options.script ?? workerScript();
      return new Promise<AnalysisFacts>((resolvePromise, reject) => {
        if (signal.aborted) {
          reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          return;
        }
        let scratch: string | null = null;
        if (options.scratchDir) {
          mkdirSync(options.scratchDir, { recursive: true });
          scratch = mkdtempSync(join(options.scratchDir, 'engine-'));
        }
        const dropScratch = () => {
          if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
        };
        const child = start(script, engineEnv(scratch));
        let outcome: { facts: AnalysisFacts } | { error: EngineRunError } | null = null;
        const onAbort = () => child.kill();
        signal.addEventListener('abort', onAbort, { once: true });
        child.onMessage((raw) => {
          const m = raw as WorkerMessage;
          if (m.type === 'progress') onProgress(m.progress, m.stage, m.frames);
          else if (m.type === 'done') outcome = { facts: m.facts };
          else if (m.type === 'failed') outcome = { error: new EngineRunError(m.message, m.status) };
        });
        child.onStartError((error) => {
          signal.removeEventListener('abort', onAbort);
          dropScratch();
          reject(new EngineRunError(`cannot start the engine process: ${error.message}`, 'error'));
        });
        child.onExit((detail) => {
          signal.removeEventListener('abort', onAbort);
          dropScratch();
          if (signal.aborted) reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
          else if (outcome && 'facts' in outcome) resolvePromise(outcome.facts);
          else if (outcome) reject(outcome.error);
          else reject(new EngineRunError(`the engine process stopped unexpectedly (${detail})`, 'error'));
        });
        child.send({ type: 'run', spec });
      });
    },
  };
}

/** The engine as a Node child process (the desktop app uses Electron's utilityProcess: main/desktop). */
export function childProcessEngineHost(options: EngineHostOptions = {}): EngineHost {
  return processEngineHost((script, env) => {
    const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json', env });
    return {
      send: (m) => child.send(m as object),
      onMessage: (l) => child.on('message', l),
      onExit: (l) => child.on('exit', (code, sig) => l(sig ? `signal ${sig}` : `exit code ${code}`)),
      onStartError: (l) => child.on('error', l),
      kill: () => child.kill('SIGTERM'),
    };
  }, options);
}
