import { parentPort } from 'node:worker_threads';
import type { LineImage } from '../vision/calibration/line-pixels.js';
import { searchFromScratch } from '../vision/calibration/rig-discovery.js';

/** One frame's search from scratch at a time, for rig-search-thread.ts: the camera found, or null. */
const port = parentPort;
if (!port) throw new Error('rig-search-worker runs as a worker thread');
port.on('message', (m: { lines: LineImage; distortion?: boolean }) => {
  port.postMessage(searchFromScratch(m.lines, m.distortion));
});
