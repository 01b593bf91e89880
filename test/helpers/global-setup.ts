import { generateFixtures } from './fixtures.js';

export default function setup(): void {
  generateFixtures();
}
