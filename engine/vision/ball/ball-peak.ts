/** One place the ball detector thinks the ball is: its centre, working-grid pixels, and its heatmap score (0-1). */
export interface BallPeak {
  u: number;
  v: number;
  score: number;
}
