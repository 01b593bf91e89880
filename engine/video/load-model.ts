import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ExecutionProvider, SessionOptions } from '../vision/network-runtime/onnx-session.js';

/**
 * A trained network's file: models/<name>/<name>.onnx at the package root, or under
 * TOUCHLINE_MODELS_DIR (the desktop app ships models as resources outside its archive).
 */
export function modelFile(name: string): string {
  return process.env.TOUCHLINE_MODELS_DIR
    ? join(process.env.TOUCHLINE_MODELS_DIR, `${name}/${name}.onnx`)
    : fileURLToPath(new URL(`../../../models/${name}/${name}.onnx`, import.meta.url));
}

/** The network's file (modelFile) where it is present, else null. */
export function presentModelFile(name: string): string | null {
  const path = modelFile(name);
  return existsSync(path) ? path : null;
}

/**
 * Loads one of our networks where it was asked to run (the option, else TOUCHLINE_EXECUTION_PROVIDER,
 * else the CPU); null when its file is absent. A GPU provider that is not installed falls back to the
 * CPU, which is always there.
 */
export async function loadModel<T>(
  name: string,
  provider: ExecutionProvider | undefined,
  load: (path: string, o: SessionOptions) => Promise<T>,
): Promise<{ model: T; provider: ExecutionProvider } | null> {
  const path = presentModelFile(name);
  if (!path) return null;
  const wanted = provider ?? (process.env.TOUCHLINE_EXECUTION_PROVIDER as ExecutionProvider | undefined) ?? 'cpu';
  try {
    return { model: await load(path, { executionProvider: wanted, threads: 1 }), provider: wanted };
  } catch (e) {
    if (wanted === 'cpu') throw e;
    return { model: await load(path, { executionProvider: 'cpu', threads: 1 }), provider: 'cpu' };
  }
}
