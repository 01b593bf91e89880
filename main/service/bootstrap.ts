import { writeFileSync, chmodSync, existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { TokensRepo } from './store/tokens-repo.js';
import { parseToken } from './store/token-format.js';

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
  // The file is written before the row commits: a first start killed in between leaves no token row,
  // so the next start makes both again (the other way round it left a token nobody could read).
  tokens.transaction(() => {
    if (tokens.count() > 0) return;
    const { token } = tokens.create({ organization: DEFAULT_ORGANIZATION, name: DEFAULT_TOKEN_NAME });
    writeTokenFile(defaultTokenPath(home), token);
  });
}

/**
 * A raw token on disk, readable by its owner only, replaced whole (a temporary file renamed over it: a
 * crash never leaves half a token). chmod too: the mode of writeFile does not apply to an existing file.
 */
function writeTokenFile(file: string, token: string): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${token}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

export function readDefaultToken(home: string): string | null {
  const file = defaultTokenPath(home);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

export const APP_TOKEN_NAME = 'app';
export const APP_TOKEN_FILE = 'app-token';
/** The app's own pace: a person clicking through reports and exports makes bursts a script would not. */
export const APP_TOKEN_RATE_LIMIT = 6000;

/**
 * The token the analyst's app (`/app/`, the desktop window) calls the API with: its own, in the default
 * organization, so that exporting every player's report or polling the library never spends the
 * default token's per-minute budget that the user's scripts run on (and the other way round). Made once;
 * made again if its file is lost or the token revoked.
 */
export function ensureAppToken(tokens: TokensRepo, home: string): string {
  const file = join(home, APP_TOKEN_FILE);
  const existing = existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
  const parsed = existing ? parseToken(existing) : null;
  const row = parsed ? tokens.findByKeyId(parsed.keyId) : undefined;
  if (existing && row && !row.revoked_at) return existing;
  const { token } = tokens.create({ organization: DEFAULT_ORGANIZATION, name: APP_TOKEN_NAME, rateLimitPerMinute: APP_TOKEN_RATE_LIMIT });
  writeTokenFile(file, token);
  return token;
}
