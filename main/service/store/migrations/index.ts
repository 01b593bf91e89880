import { sql as m001 } from './001-initial.js';
import { sql as m002, foreignKeysOff as m002FkOff } from './002-analyses.js';
import { sql as m003 } from './003-runtime.js';
import { sql as m004 } from './004-embed-tokens.js';
import { sql as m005 } from './005-settings.js';
import { sql as m006 } from './006-progress-detail.js';
import { sql as m007 } from './007-finite-numbers.js';
import { sql as m008 } from './008-corrections.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Table rebuilds run with foreign keys off (outside the transaction) and are checked after. */
  foreignKeysOff?: boolean;
}

/** Numbered, append-only: never edit a shipped migration, add the next number. */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'initial', sql: m001 },
  { version: 2, name: 'analyses', sql: m002, foreignKeysOff: m002FkOff },
  { version: 3, name: 'runtime', sql: m003 },
  { version: 4, name: 'embed-tokens', sql: m004 },
  { version: 5, name: 'settings', sql: m005 },
  { version: 6, name: 'progress-detail', sql: m006 },
  { version: 7, name: 'finite-numbers', sql: m007 },
  { version: 8, name: 'corrections', sql: m008 },
];
