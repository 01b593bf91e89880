import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/main/cli/touchline.js', import.meta.url));

/** `touchline serve` in its own process, so a test can kill it as hard as a crash would. */
export async function spawnServe(home: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
    env: { ...process.env, TOUCHLINE_HOME: home, TOUCHLINE_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 20_000);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    });
    child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  return { child, base };
}

/** A TCP port free on 127.0.0.1 right now: a CLI run pointed at it finds no service there. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** The CLI as a script runs it: a process, its stdout, stderr and exit code. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, options: { cwd?: string } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env, cwd: options.cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
