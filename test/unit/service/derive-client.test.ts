import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeriveClient } from '../../../main/service/results/derive-client.js';

const DYING = fileURLToPath(new URL('../../fixtures/workers/dying-derive-worker.mjs', import.meta.url));
const clients: DeriveClient[] = [];
const client = (script?: string) => {
  const c = new DeriveClient(script);
  clients.push(c);
  return c;
};
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

describe('DeriveClient (the derive worker thread)', () => {
  it('a worker that dies fails the requests it held, and the next request starts a fresh one', async () => {
    const c = client(DYING);
    expect(await c.call({ op: 'warm', dir: '/nowhere' })).toBeNull();
    const held = c.call({ op: 'query', dir: '/nowhere', query: {}, teamNames: { team_0: 'A', team_1: 'B' } });
    await expect(c.call({ op: 'summary', dir: '/nowhere', gameId: 'g', generatedAt: 'now' })).rejects.toThrow(/derive worker exited \(3\)/);
    await expect(held).rejects.toThrow(/derive worker exited/);
    expect(await c.call({ op: 'warm', dir: '/nowhere' })).toBeNull();
  });

  it('the real worker: a results folder that cannot be read fails that request with the reason; a closed client refuses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'derive-'));
    try {
      const c = client();
      await expect(c.call({ op: 'summary', dir, gameId: 'g', generatedAt: 'now' })).rejects.toThrow(/ENOENT/);
      await c.close();
      await expect(c.call({ op: 'warm', dir })).rejects.toThrow(/closing/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('DeriveClient in a process with nothing else to do', () => {
  it('the process waits for the answer, then exits on its own (the idle worker does not hold it)', async () => {
    const { spawnSync } = await import('node:child_process');
    const code = `
      import { DeriveClient } from ${JSON.stringify(new URL('../../../dist/main/service/results/derive-client.js', import.meta.url).href)};
      const c = new DeriveClient(${JSON.stringify(DYING)});
      console.log('answer', JSON.stringify(await c.call({ op: 'warm', dir: '/nowhere' })));`;
    // The compiled client (npm test builds first): a plain Node process runs JavaScript.
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 20_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('answer null');
    expect(r.status).toBe(0);
  });
});
