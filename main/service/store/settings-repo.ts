import type { Db } from './db.js';
import { nowIso } from './db.js';

/** Where the engine runs its networks: the CPU, or the machine's GPU through onnxruntime. */
export const PROCESSORS = ['cpu', 'gpu'] as const;
export type Processor = (typeof PROCESSORS)[number];

export interface Settings {
  processor: Processor;
}

const DEFAULTS: Settings = { processor: 'cpu' };

/** Installation-wide settings as key/value rows; unknown keys in old rows are ignored. */
export class SettingsRepo {
  constructor(private readonly db: Db) {}

  get(): Settings {
    const rows = this.db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
    const out: Settings = { ...DEFAULTS };
    for (const r of rows) {
      if (r.key === 'processor' && (PROCESSORS as readonly string[]).includes(JSON.parse(r.value))) out.processor = JSON.parse(r.value) as Processor;
    }
    return out;
  }

  update(patch: Partial<Settings>): Settings {
    const put = this.db.prepare('INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at');
    this.db.transaction(() => {
      for (const [key, value] of Object.entries(patch)) if (value !== undefined) put.run(key, JSON.stringify(value), nowIso());
    })();
    return this.get();
  }
}
