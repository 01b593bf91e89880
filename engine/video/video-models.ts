import { PersonVerifier, type ExecutionProvider } from '../vision/detection/person-verifier.js';
import { JerseyReader } from '../vision/identity/jersey-reader.js';
import type { FootFinder } from '../vision/detection/person-detector.js';
import type { BallFinder } from '../vision/ball/ball-detector.js';
import { PersonDetectorThread } from './person-detector-thread.js';
import { BallDetectorThread } from './ball-detector-thread.js';
import { loadModel, presentModelFile } from './load-model.js';
import type { AnalyseOptions } from './video-analysis-types.js';

/** The trained networks of one video analysis, each null when switched off or absent from models/. */
export interface VideoModels {
  detector: FootFinder | null;
  verifier: PersonVerifier | null;
  ball: BallFinder | null;
  reader: JerseyReader | null;
  /** Which ran, and where (the first loaded one's execution provider). */
  runtime: { execution_provider: ExecutionProvider | null; models: string[] };
  /** Releases every network (their threads too); once, however often it is called. */
  close(): Promise<void>;
}

export async function openModels(options: AnalyseOptions): Promise<VideoModels> {
  const provider = options.executionProvider;
  const loadedDetector = options.detector === 'off' ? null : await loadModel('person-detector', provider, (p, o) => PersonDetectorThread.start(p, o));
  // The verifier judges the classical detector's candidates: without them it has nothing to do.
  const loadedVerifier = options.verifier === 'off' || loadedDetector ? null : await loadModel('person-verifier', provider, (p, o) => PersonVerifier.load(p, o));
  const ballVerifier = options.ballVerifier === 'off' ? null : presentModelFile('ball-verifier');
  const loadedBall = options.ballDetector === 'off' ? null : await loadModel('ball-detector', provider, (p, o) => BallDetectorThread.start(p, o, ballVerifier));
  const loadedReader = options.identity === 'off' ? null : await loadModel('jersey-number', provider, (p, o) => JerseyReader.load(p, o));
  let closed = false;
  const loaded = [['person-detector', loadedDetector], ['person-verifier', loadedVerifier], ['ball-detector', loadedBall], ['jersey-number', loadedReader]] as const;
  return {
    detector: loadedDetector?.model ?? null,
    verifier: loadedVerifier?.model ?? null,
    ball: loadedBall?.model ?? null,
    reader: loadedReader?.model ?? null,
    runtime: {
      execution_provider: loaded.find(([, l]) => l)?.[1]?.provider ?? null,
      models: [...loaded.filter(([, l]) => l).map(([name]) => name), ...(loadedBall && ballVerifier ? ['ball-verifier'] : [])],
    },
    async close() {
      if (closed) return;
      closed = true;
      await loadedVerifier?.model.close();
      await loadedDetector?.model.close();
      await loadedBall?.model.close();
      await loadedReader?.model.close();
    },
  };
}
