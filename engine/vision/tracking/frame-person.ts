import type { PersonDetection } from '../detection/detect-people.js';
import type { KitSample } from '../teams/kit-colour.js';

/** A person in one analysed frame: the detection, its track and its kit sample. */
export interface FramePerson extends PersonDetection {
  trackId: number | null;
  confirmed: boolean;
  overlapWith: number | null;
  kit: KitSample | null;
}
