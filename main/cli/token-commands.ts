import { parseArgs } from 'node:util';
import { loadConfig } from '../service/config.js';
import { openStore } from '../service/service.js';
import { DEFAULT_ORGANIZATION, ensureDefaultToken, readDefaultToken } from '../service/bootstrap.js';
import type { TokenRow } from '../service/store/tokens-repo.js';
import { CliError, EXIT } from './cli-error.js';

function positiveInt(name: string, raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new CliError(`--${name} must be a positive integer, got '${raw}'`);
  return Number(raw);
}

function describe(row: TokenRow, defaults: { rate: number; tracking: number }): string {
  const state = row.revoked_at ? `revoked ${row.revoked_at}` : 'active';
  return [
    `#${row.id} ${row.name} (key ${row.key_id}, ${state})`,
    `  organization: ${row.organization_name}`,
    `  limits: ${row.rate_limit_per_minute ?? defaults.rate} requests/min, ${row.tracking_downloads_per_hour ?? defaults.tracking} tracking downloads/hour`,
    `  created ${row.created_at}; last used ${row.last_used_at ?? 'never'}`,
  ].join('\n');
}

/** `touchline token create|list|revoke`: works on the store directly, with or without a running service. */
export function tokenCommand(argv: string[], out: (line: string) => void): void {
  const [sub, ...rest] = argv;
  const config = loadConfig();
  const store = openStore(config);
  try {
    ensureDefaultToken(store.tokens, config.home);
    const defaults = { rate: config.rateLimitPerMinute, tracking: config.trackingDownloadsPerHour };
    if (sub === 'create') {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          org: { type: 'string' },
          'rate-limit': { type: 'string' },
          'tracking-limit': { type: 'string' },
          json: { type: 'boolean' },
        },
        strict: true,
      });
      if (!values.name) throw new CliError('token create needs --name <label>');
      const { token, row } = store.tokens.create({
        organization: values.org ?? DEFAULT_ORGANIZATION,
        name: values.name,
        rateLimitPerMinute: positiveInt('rate-limit', values['rate-limit']),
        trackingDownloadsPerHour: positiveInt('tracking-limit', values['tracking-limit']),
      });
      if (values.json) {
        out(JSON.stringify({ id: row.id, key_id: row.key_id, organization: row.organization_name, token }));
      } else {
        out(describe(row, defaults));
        out(`  token: ${token}`);
        out('Store it now: only its hash is kept, it cannot be shown again.');
      }
    } else if (sub === 'list') {
      const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean' } }, strict: true });
      const rows = store.tokens.list();
      const defaultToken = readDefaultToken(config.home);
      const defaultRow = rows.find((r) => defaultToken?.includes(`_${r.key_id}_`));
      if (values.json) {
        out(JSON.stringify(rows.map((r) => ({
          id: r.id, name: r.name, key_id: r.key_id, organization: r.organization_name,
          rate_limit_per_minute: r.rate_limit_per_minute ?? defaults.rate,
          tracking_downloads_per_hour: r.tracking_downloads_per_hour ?? defaults.tracking,
          created_at: r.created_at, last_used_at: r.last_used_at, revoked_at: r.revoked_at,
          token: r === defaultRow && !r.revoked_at ? defaultToken : undefined,
        }))));
        return;
      }
      out(`Data directory: ${config.home}`);
      for (const r of rows) {
        out(describe(r, defaults));
        if (r === defaultRow && !r.revoked_at) out(`  token: ${defaultToken} (default token, from ${config.home})`);
      }
    } else if (sub === 'revoke') {
      const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { json: { type: 'boolean' } }, strict: true });
      const target = positionals[0];
      if (!target) throw new CliError('token revoke needs a token id or key id (see `touchline token list`)');
      const row = store.tokens.revoke(target);
      if (!row) throw new CliError(`no token with id or key '${target}'`, EXIT.notFound);
      if (values.json) return out(JSON.stringify({ id: row.id, name: row.name, revoked_at: row.revoked_at }));
      out(`revoked: ${describe(row, defaults)}`);
    } else {
      throw new CliError('usage: touchline token create --name <label> [--org <organization>] [--rate-limit N] [--tracking-limit N] | token list [--json] | token revoke <id|key> [--json]');
    }
  } finally {
    store.db.close();
  }
}
