/**
 * `npm run bench:chaos -- --kills N [--seed S] [--no-video] [--keep] [--record]`: the crash drill
 * (bench/chaos/drill.ts). Exits 1 when a recovery failed, so a script can rely on it.
 */
import { parseArgs } from 'node:util';
import { machineDescription, report, runBench } from './machine.js';
import { runCrashDrill } from './chaos/drill.js';
import { drillSection } from './chaos/report.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: '50' }, seed: { type: 'string' }, 'no-video': { type: 'boolean' },
      keep: { type: 'boolean' }, record: { type: 'boolean' },
    },
  });
  const kills = Number(values.kills);
  if (!Number.isInteger(kills) || kills < 1) throw new Error(`--kills must be a positive whole number, got '${values.kills}'`);
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, got '${values.seed}'`);
  const videoAnalysis = !values['no-video'];
  process.stdout.write(`bench:chaos seed ${seed} (rerun with --seed ${seed})\n`);
  const result = await runCrashDrill({ kills, seed, videoAnalysis, keep: values.keep, log: (line) => process.stdout.write(`${line}\n`) });
  if (values.keep) process.stdout.write(`data folders kept in ${result.work}\n`);
  const command = `npm run bench:chaos -- --kills ${kills} --seed ${seed}${videoAnalysis ? '' : ' --no-video'}`;
  report(drillSection(result, { command, machine: machineDescription(), videoAnalysis, date: new Date().toISOString().slice(0, 10) }));
  if (result.ok !== result.kills || result.finalFailures.length > 0) process.exitCode = 1;
}

runBench(main);
