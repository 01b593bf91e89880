import { writeFileSync, chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TokensRepo } from './store/tokens-repo.js';

export const DEFAULT_ORGANIZATION = 'Default organization';
export const DEFAULT_TOKEN_NAME = 'default';
export const DEFAULT_TOKEN_FILE = 'default-token';

export function defaultTokenPath(home: string): string {
  return join(home, DEFAULT_TOKEN_FILE);
}

/**
 * First start: one organization and one token, so a fresh install is usable at once. The raw token is
 * written owner-only to the data directory (the only copy; the store keeps a hash).
 */
export function ensureDefaultToken(tokens: TokensRepo, home: string): void {
  if (tokens.count() > 0) return;
  const { token } = tokens.create({ organization: DEFAULT_ORGANIZATION, name: DEFAULT_TOKEN_NAME });
  const file = defaultTokenPath(home);
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export function readDefaultToken(home: string): string | null {
  const file = defaultTokenPath(home);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}
