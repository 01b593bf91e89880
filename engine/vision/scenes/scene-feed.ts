import { thumbnail, type Thumbnail } from './thumbnail.js';
import { sceneFeatures, type SceneFeatures } from './scene-features.js';
import { StillnessWatch, greySample } from './frozen-picture.js';

/**
 * The scene features of a video frame by frame, as decoded: each frame's thumbnail statistics with what
 * changed since the frames before it (the thumbnail's change for cuts and wipes, the working grid's for a
 * frozen picture). `labelScenes` labels the whole list at the end.
 */
export class SceneFeed {
  private previous: Thumbnail | null = null;
  private readonly stillness = new StillnessWatch();

  next(rgb: Uint8Array, width: number, height: number): SceneFeatures {
    const thumb = thumbnail(rgb, width, height);
    const features = sceneFeatures(thumb, this.previous);
    const still = this.stillness.push(greySample(rgb, width, height));
    if (still) features.pictureChange = still;
    this.previous = thumb;
    return features;
  }
}
