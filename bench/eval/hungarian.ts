// The assignment solver lives with the tracker now; the bench keeps its old import path.
export { maxWeightMatching } from '../../engine/vision/tracking/assignment.js';
