import * as ort from 'onnxruntime-node';

/** Where a model runs: onnxruntime's CPU by default, a GPU execution provider when asked and present. */
export type ExecutionProvider = 'cpu' | 'cuda' | 'dml' | 'coreml';

export interface SessionOptions {
  executionProvider?: ExecutionProvider;
  /** Intra-op threads: set explicitly so decoding and the engine's own loops share the cores. */
  threads?: number;
}

/** An inference session for one of our models, with the CPU behind any GPU provider as the fallback. */
export function createSession(modelPath: string, o: SessionOptions = {}): Promise<ort.InferenceSession> {
  const provider = o.executionProvider ?? 'cpu';
  return ort.InferenceSession.create(modelPath, {
    executionProviders: provider === 'cpu' ? ['cpu'] : [provider, 'cpu'],
    intraOpNumThreads: o.threads ?? 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
}
