import Database from 'better-sqlite3';

/**
 * Every table of the service's SQLite file as text, read through a read-only connection beside the
 * service's own (WAL lets it read while the service writes). `api_tokens.last_used_at` moves on every
 * authenticated request, refused or not, and is left out.
 */
export interface StoreDump {
  dump(): Map<string, string>;
  close(): void;
}

const VOLATILE: Record<string, string[]> = { api_tokens: ['last_used_at'] };

export function openStoreDump(file: string): StoreDump {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all() as string[]);
  const statements = tables.map((table) => {
    const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[])
      .filter((c) => !(VOLATILE[table] ?? []).includes(c));
    return { table, statement: db.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}" ORDER BY rowid`).raw() };
  });
  return {
    dump() {
      const out = new Map<string, string>();
      for (const { table, statement } of statements) out.set(table, JSON.stringify(statement.all(), (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : typeof v === 'bigint' ? String(v) : v)));
      return out;
    },
    close: () => db.close(),
  };
}

/** The tables whose rows differ between two dumps. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t));
}
