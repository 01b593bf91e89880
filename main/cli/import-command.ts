import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { CliError, EXIT } from './cli-error.js';
import { withService } from './api-client.js';

export const IMPORT_USAGE = `usage: touchline import sim DIR | metrica HOME.csv AWAY.csv [--events FILE] [--metadata XML] | parquet TRACKING.parquet [--events FILE]
                        [--video ID] [--home-team NAME] [--away-team NAME] [--date YYYY-MM-DD] [--title T] [--left-start home|away] [--view all|broadcast] [--json]`;

/**
 * `touchline import`: the API's POST /v1/imports from the command line. Talks to the running service
 * when there is one (so its queue and cache stay the only writers); otherwise runs the service
 * in-process, without listening, until the import has finished.
 */
export async function importCommand(argv: string[], out: (line: string) => void): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      events: { type: 'string' }, metadata: { type: 'string' }, video: { type: 'string' }, 'home-team': { type: 'string' },
      'away-team': { type: 'string' }, date: { type: 'string' }, title: { type: 'string' }, 'left-start': { type: 'string' },
      json: { type: 'boolean' }, view: { type: 'string' },
    },
  });
  const [format, ...files] = positionals;
  const abs = (p: string) => resolve(p);
  let paths: Record<string, string>;
  if (format === 'sim' && files.length === 1) paths = { dir: abs(files[0] as string) };
  else if (format === 'metrica' && files.length === 2) paths = { home: abs(files[0] as string), away: abs(files[1] as string) };
  else if (format === 'parquet' && files.length === 1) paths = { tracking: abs(files[0] as string) };
  else throw new CliError(IMPORT_USAGE);
  if (values.events) paths.events = abs(values.events);
  if (values.metadata) paths.metadata = abs(values.metadata);
  const body: Record<string, unknown> = { format, paths };
  if (values.video !== undefined) {
    const id = Number(values.video);
    if (!Number.isInteger(id) || id < 1) throw new CliError(`--video must be a video id, got '${values.video}'`);
    body.video_id = id;
  }
  if (values['home-team']) body.home_team_name = values['home-team'];
  if (values['away-team']) body.away_team_name = values['away-team'];
  if (values.date) body.date = values.date;
  if (values.title) body.title = values.title;
  if (values['left-start']) body.left_start_team = values['left-start'];
  if (values.view) body.view = values.view;

  const started = performance.now();
  await withService(async (call) => {
    const created = await call('POST', '/v1/imports', body);
    if (created.status !== 200) {
      throw new CliError(`import refused (${created.status}): ${created.body?.message ?? JSON.stringify(created.body)}`, created.status === 404 ? EXIT.notFound : EXIT.usage);
    }
    const id = created.body.data.id as number;
    for (;;) {
      const a = (await call('GET', `/v1/analyses/${id}`)).body.data;
      if (!['init', 'waiting_for_video', 'waiting_for_meta', 'running'].includes(a.status)) {
        if (values.json) out(JSON.stringify(a));
        if (a.status !== 'done') throw new CliError(`import failed: analysis ${id} is ${a.status}: ${a.status_reason ?? ''}`, EXIT.failed);
        if (!values.json) out(`imported: analysis ${id} of video ${a.video_id} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
}
