#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';
import { createService } from '../service/service.js';
import { readDefaultToken } from '../service/bootstrap.js';
import { tokenCommand } from './token-commands.js';
import { simCommand } from './sim-command.js';
import { datasetCommand } from './dataset-command.js';
import { importCommand } from './import-command.js';
import { CliError, EXIT } from './cli-error.js';
import { ENGINE_VERSION } from '../../engine/api.js';
import { analysesCommand, statusCommand, videosCommand } from './list-commands.js';
import { analyzeCommand } from './analyze-command.js';
import { exportCommand } from './export-command.js';
import { queryCommand } from './query-command.js';
import { demoCommand } from './demo-command.js';

const HELP = `touchline: offline football match analysis

Usage:
  touchline analyze VIDEO [--home NAME] [--away NAME] [--date YYYY-MM-DD] [--left-start home|away]
                [--out DIR] [--format parquet|json] [--json] [--quiet]
                                    analyse a match video with a progress bar, write every result to DIR
                                    (default VIDEO-NAME-touchline/) and print a short summary
  touchline export ID --out DIR [--format parquet|json] [--json]
                                    write a done analysis's results to DIR (summary, events, reports, tracking)
  touchline query ID --filter "TYPE key=value ..." [--filter ...] [--or] [--pad S] [--csv | --json]
                                    time intervals where the filters hold (POST /v1/analyses/{id}/query-intervals)
  touchline demo [--seconds 45] [--no-serve] [--dir DIR] [--json]
                                    render a short simulated match, analyse it, print the summary and
                                    serve the app to look at it (npm run demo)
  touchline serve [--port N] [--json] run the local API on 127.0.0.1 (TOUCHLINE_PORT, default 7425)
  touchline token list [--json]     list API tokens (shows the default token)
  touchline token create --name L [--org O] [--rate-limit N] [--tracking-limit N] [--json]
  touchline token revoke <id|key>   revoke a token
  touchline sim --events FILE [--from 10:00] [--duration 60s] [--seed N] [--camera broadcast|tactical|panoramic|side]
                [--size 720p|1080p] [--distortion K1] [--no-cuts] [--truth-only] [--metadata XML] --out DIR
                                    simulate a match from real events and render it (video + ground truth)
  touchline sim-dataset --events FILE [--clips 20] [--clip-seconds 8] [--every 10] [--size 720p] [--seed N] --out DIR
                                    render training data (boxes, keypoints, line masks, crops, digits)
  touchline import sim DIR | metrica HOME.csv AWAY.csv [--events F] | parquet FILE [--events F]
                [--video ID] [--home-team N] [--away-team N] [--date D] [--left-start home|away] [--json]
                                    make a done analysis from existing tracking data (POST /v1/imports)
  touchline videos list [--json]    every video: id, status, teams, analyses
  touchline analyses list [--json]  every analysis: id, status, video
  touchline status ID [--json]      one analysis: status, progress, stage (exit 3 when there is none)
  touchline version [--json]        print the version (and the engine's, with --json)

Every command takes --json for scripts. Exit codes: 0 done, 1 unexpected error, 2 called wrongly,
3 no such id or file, 4 the work failed or cannot be done, 130 stopped by Ctrl-C (docs/cli.md).

Data lives in TOUCHLINE_HOME (see README.md for every setting).`;

async function serve(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { port: { type: 'string' }, json: { type: 'boolean' } }, strict: true });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new CliError(`--port must be 0-65535, got '${values.port}'`);
  const service = await createService(port === undefined ? {} : { port }, { logger: true });
  // Handlers first: a supervisor may signal as soon as it reads the "listening" line.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`touchline: ${signal}, stopping\n`);
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  const base = await service.listen();
  if (values.json) {
    // One line a supervising script can parse; the log goes on after it.
    process.stdout.write(`${JSON.stringify({ listening: `${base}/v1`, app: `${base}/app/`, home: service.config.home })}\n`);
    return;
  }
  process.stdout.write(`touchline: listening on ${base}/v1 (data in ${service.config.home})\n`);
  process.stdout.write(`touchline: the app is at ${base}/app/ (open it in a browser)\n`);
  if (readDefaultToken(service.config.home)) {
    process.stdout.write(`touchline: default token in ${service.config.home}/default-token (\`touchline token list\`)\n`);
  }
}

export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const out = (line: string): void => {
    process.stdout.write(`${line}\n`);
  };
  switch (command) {
    case 'serve':
      return serve(rest);
    case 'token':
      return tokenCommand(rest, out);
    case 'sim':
      return simCommand(rest, out);
    case 'sim-dataset':
      return datasetCommand(rest, out);
    case 'import':
      return importCommand(rest, out);
    case 'videos':
      return videosCommand(rest, out);
    case 'analyses':
      return analysesCommand(rest, out);
    case 'status':
      return statusCommand(rest, out);
    case 'analyze':
    case 'analyse':
      return analyzeCommand(rest, out);
    case 'export':
      return exportCommand(rest, out);
    case 'query':
      return queryCommand(rest, out);
    case 'demo':
      return demoCommand(rest, out);
    case 'version':
    case '--version': {
      const pkg = createRequire(import.meta.url)('../../../package.json') as { version: string };
      return out(rest.includes('--json') ? JSON.stringify({ version: pkg.version, engine_version: ENGINE_VERSION }) : pkg.version);
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return out(HELP);
    default:
      throw new CliError(`unknown command '${command}'\n\n${HELP}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CliError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`touchline: ${(error as Error).message}\n`);
    process.exit(error instanceof CliError ? error.exitCode : EXIT.usage);
  }
  process.stderr.write(`touchline: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(EXIT.unexpected);
});
