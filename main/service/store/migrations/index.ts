import { sql as m001 } from './001-initial.js';

/** Numbered, append-only: never edit a shipped migration, add the next number. */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'initial', sql: m001 },
];
