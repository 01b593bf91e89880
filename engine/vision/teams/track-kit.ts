/** What a track showed over its life: its mean kit colour and where it was. */
export interface TrackKit {
  id: number;
  /**
   * Shirt Lab, shorts Lab (the shirt again when the shorts were never seen), then the shirt's dark and
   * bright pixel shares scaled to Lab-like units (x 120: a kit that is half white differs from a plain one as much as two hues do).
   */
  feature: [number, number, number, number, number, number, number, number];
  /** Kit samples behind the feature. */
  samples: number;
  firstMs: number;
  lastMs: number;
  /** Mean pitch position over the track's detections. */
  meanX: number;
  meanY: number;
  /** Share of its detections inside either penalty area. */
  inBoxShare: number;
}
