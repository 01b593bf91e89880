import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../main/service/store/db.js';
import { TokensRepo } from '../../main/service/store/tokens-repo.js';
import { defaultTokenPath, ensureDefaultToken, readDefaultToken } from '../../main/service/bootstrap.js';
import { parseToken } from '../../main/service/store/token-format.js';
import { tempHome } from '../helpers/test-service.js';

let home: string | null = null;
afterEach(() => {
  if (home) rmSync(home, { recursive: true, force: true });
  home = null;
});

describe('the first start\'s default token', () => {
  it('is stored only with its file: a start that cannot write the file leaves no token, and the next one makes both', () => {
    home = tempHome();
    const db = openDatabase(join(home, 'touchline.db'));
    const tokens = new TokensRepo(db);
    // A folder where the file goes: the rename over it fails, as a crash before it would stop the start.
    mkdirSync(defaultTokenPath(home));
    expect(() => ensureDefaultToken(tokens, home as string)).toThrow();
    expect(tokens.count()).toBe(0);
    rmSync(defaultTokenPath(home), { recursive: true });
    ensureDefaultToken(tokens, home);
    expect(tokens.count()).toBe(1);
    const token = readDefaultToken(home) as string;
    expect(tokens.findByKeyId(parseToken(token)?.keyId as string)).toBeDefined();
    expect(existsSync(`${defaultTokenPath(home)}.tmp`)).toBe(false);
    // Later starts leave it alone.
    ensureDefaultToken(tokens, home);
    expect(readDefaultToken(home)).toBe(token);
    db.close();
  });
});
