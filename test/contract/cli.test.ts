import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { CLI, spawnServe } from '../helpers/cli-process.js';
import { makeApi, tempHome } from '../helpers/test-service.js';
import { readDefaultToken } from '../../main/service/bootstrap.js';

const run = promisify(execFile);
const home = tempHome();
const env = { ...process.env, TOUCHLINE_HOME: home };
const touchline = (...args: string[]) => run(process.execPath, [CLI, ...args], { env });

afterAll(() => rmSync(home, { recursive: true, force: true }));

async function failing(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await touchline(...args);
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, stderr: err.stderr };
  }
  throw new Error(`expected touchline ${args.join(' ')} to fail`);
}

describe('touchline CLI', () => {
  it('[AUT-04] token list shows the default token of a fresh data directory', async () => {
    const { stdout } = await touchline('token', 'list');
    expect(stdout).toContain(`Data directory: ${home}`);
    expect(stdout).toMatch(/#1 default \(key [0-9a-f]{12}, active\)/);
    expect(stdout).toContain(`token: ${readDefaultToken(home)}`);
  });

  it('[AUT-04] token create prints the token once; it works against the API of its organization', async () => {
    const { stdout } = await touchline('token', 'create', '--name', 'analyst', '--org', 'Other FC', '--rate-limit', '500', '--json');
    const created = JSON.parse(stdout);
    expect(created.organization).toBe('Other FC');
    const list = JSON.parse((await touchline('token', 'list', '--json')).stdout);
    const row = list.find((r: { id: number }) => r.id === created.id);
    expect(row).toMatchObject({ name: 'analyst', rate_limit_per_minute: 500, tracking_downloads_per_hour: 10 });
    expect(row.token).toBeUndefined();

    const { child, base } = await spawnServe(home);
    try {
      const mine = makeApi(base, created.token);
      const fromDefault = makeApi(base, readDefaultToken(home) as string);
      const id = (await fromDefault.post('/v1/videos', { video_file_url: CLI })).body.data.id;
      expect((await mine.get('/v1/videos')).body.data).toEqual([]);
      expect((await mine.get(`/v1/videos/${id}`)).status).toBe(403);

      await touchline('token', 'revoke', created.key_id);
      expect((await mine.get('/v1/videos')).status).toBe(401);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it('explains usage mistakes with exit code 2 (3 for an unknown token)', async () => {
    expect(await failing('token', 'create')).toMatchObject({ code: 2, stderr: expect.stringMatching(/needs --name/) });
    expect(await failing('token', 'create', '--name', 'x', '--rate-limit', 'lots')).toMatchObject({ code: 2, stderr: expect.stringMatching(/--rate-limit must be a positive integer/) });
    // An id that does not exist is 3, as for every command (docs/cli.md).
    expect(await failing('token', 'revoke', 'nope')).toMatchObject({ code: 3, stderr: expect.stringMatching(/no token with id or key 'nope'/) });
    expect(await failing('frobnicate')).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown command 'frobnicate'/) });
    expect(await failing('serve', '--port', 'x')).toMatchObject({ code: 2 });
  });

  it('help lists the commands', async () => {
    const { stdout } = await touchline('help');
    for (const word of ['serve', 'token list', 'token create', 'token revoke']) expect(stdout).toContain(word);
  });

  it('serve binds 127.0.0.1 only and stops cleanly on SIGTERM', async () => {
    const { child, base } = await spawnServe(home);
    expect(new URL(base).hostname).toBe('127.0.0.1');
    const code = await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  });
});

describe('npm start without Electron', () => {
  const launcher = CLI.replace('cli/touchline.js', 'launch-desktop.js');
  let electronInstalled = true;
  try {
    createRequire(import.meta.url)('electron');
  } catch {
    electronInstalled = false;
  }
  it.skipIf(electronInstalled)('explains that Electron is missing and how to run the service instead', async () => {
    try {
      await run(process.execPath, [launcher], { env });
      throw new Error('expected exit code 1');
    } catch (e) {
      const err = e as { code: number; stderr: string };
      expect(err.code).toBe(1);
      expect(err.stderr).toMatch(/Electron is not installed/);
      expect(err.stderr).toMatch(/npm run serve/);
    }
  });
});
