import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { compiledScript } from '../../main/service/results/script-path.js';

/** A `touchline serve` leading its own process group (its engine and ffmpeg children are in it too). */
export interface ServeProcess {
  child: ChildProcess;
  pid: number;
  /** `http://127.0.0.1:PORT`, without /v1. */
  base: string;
  /** What it wrote to stdout and stderr (the last 64 KiB), for failure reports. */
  log(): string;
}

const LOG_KEEP = 64 * 1024;

/**
 * Starts `touchline serve` on `home` in a new process group (`detached`), so that one
 * `kill(-pid, SIGKILL)` takes the service and every child it started at once, as a power cut or the
 * OOM killer would, rather than the service alone (which its engine child would notice and outlive briefly).
 */
export async function startServe(home: string, env: Record<string, string>, timeoutMs = 30_000): Promise<ServeProcess> {
  const child = spawn(process.execPath, [compiledScript('main/cli/touchline.js'), 'serve', '--port', '0'], {
    env: { ...process.env, TOUCHLINE_HOME: home, TOUCHLINE_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const keep = (c: Buffer) => {
    out = (out + c.toString()).slice(-LOG_KEEP);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start within ${timeoutMs} ms: ${out}`)), timeoutMs);
    const onData = () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(m[1] as string);
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${signal ?? code}) before listening: ${out}`));
    });
  });
  return { child, pid: child.pid as number, base, log: () => out };
}

/** Ids of the live (not zombie) processes in a process group, from /proc; null where there is no /proc. */
export function groupMembers(pgid: number): number[] | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  const members: number[] = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Fields after the command (which may hold spaces and parentheses): state, ppid, pgrp, ...
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') members.push(Number(name));
    } catch {
      // gone while we looked
    }
  }
  return members;
}

function groupAlive(pgid: number): boolean {
  const members = groupMembers(pgid);
  if (members) return members.length > 0;
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGKILL to the whole group, then waits until none of it runs any more (a zombie left for a reaper
 * that never comes, as in some containers, counts as gone: it holds no files and runs no code).
 */
export async function killGroup(serve: ServeProcess, timeoutMs = 10_000): Promise<void> {
  try {
    process.kill(-serve.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  const until = Date.now() + timeoutMs;
  while (groupAlive(serve.pid)) {
    if (Date.now() > until) throw new Error(`process group ${serve.pid} still alive ${timeoutMs} ms after SIGKILL: ${groupMembers(serve.pid)?.join(', ')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A clean stop (SIGTERM: the service closes its store), then whatever is left of the group is killed. */
export async function stopServe(serve: ServeProcess, timeoutMs = 20_000): Promise<void> {
  if (serve.child.exitCode === null && serve.child.signalCode === null) {
    const exited = new Promise((r) => serve.child.once('exit', r));
    serve.child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, timeoutMs))]);
  }
  await killGroup(serve);
}
