import { afterAll, beforeAll } from 'vitest';
import { rmSync } from 'node:fs';
import { startTestService, type TestService } from './test-service.js';
import { writeKnownMatch, type KnownMatch } from './known-match.js';

/**
 * A test file's own service and known match: both made before its tests (then `ready`, which keeps them
 * and may import the match) and both removed after them. `timeoutMs`: for a `ready` that does more than
 * import the match.
 */
export function useKnownMatchService(ready: (service: TestService, known: KnownMatch) => void | Promise<void>, timeoutMs?: number): void {
  let service: TestService | undefined;
  let known: KnownMatch | undefined;
  beforeAll(async () => {
    known = writeKnownMatch();
    service = await startTestService();
    await ready(service, known);
  }, timeoutMs);
  afterAll(async () => {
    await service?.close();
    if (known) rmSync(known.dir, { recursive: true, force: true });
  });
}
