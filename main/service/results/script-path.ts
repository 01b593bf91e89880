import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A compiled script of the project (a worker entry point), by its path under the project root:
 * next to the running code in dist/, or under dist/ when the service runs from TypeScript sources
 * (tests), because workers and child processes run plain JavaScript.
 */
export function compiledScript(fromRoot: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const sibling = resolve(here, '../../..', fromRoot);
  if (existsSync(sibling) && here.split(/[\\/]/).includes('dist')) return sibling;
  return join(projectRoot(), 'dist', fromRoot);
}

/** The folder holding the project's package.json (the repository, or the packaged app's resources). */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dirname(dir) !== dir && !existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return dir;
}
