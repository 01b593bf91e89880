// Import cycles between the project's own TypeScript files, type-only imports included (a type living in
// the file that uses it ties two files together as surely as a value does), and imports against the order
// of engine/vision's stages. `npm run lint` fails on any.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|cts|mts)$/;
// `import ... from './x.js'`, `import './x.js'`, `export ... from './x.js'`, over several lines too.
const RELATIVE_IMPORT = /^\s*(?:import|export)\s+(?:[^'"]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The project's source files under `roots` (node_modules, dot-folders and declaration files left out). */
export function sourceFiles(roots) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(resolve(path));
    }
  };
  roots.forEach(walk);
  return out;
}

/** Each file's imports of other files of the set (`./x.js` is `./x.ts` or `./x.tsx` in the sources). */
export function importGraph(files) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const deps = [];
    for (const m of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      const base = resolve(dirname(file), m[1]).replace(/\.[cm]?js$/, '');
      const target = ['.ts', '.tsx', '.cts', '.mts'].map((ext) => base + ext).find((p) => known.has(p));
      if (target) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
export function findCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

/**
 * Imports against a pipeline's order: under `base`, a file of stage folder `order[i]` importing a later
 * stage's file, or one of the files directly in `base` (those compose the stages). Pairs [from, to].
 */
export function againstOrder(graph, base, order) {
  const stageOf = (file) => {
    const parts = relative(base, file).split(sep);
    if (parts[0] === '..') return null;
    if (parts.length === 1) return Infinity;
    const i = order.indexOf(parts[0]);
    return i < 0 ? null : i;
  };
  const out = [];
  for (const [file, deps] of graph) {
    const from = stageOf(file);
    if (from === null || from === Infinity) continue;
    for (const dep of deps) {
      const to = stageOf(dep);
      if (to !== null && to > from) out.push([file, dep]);
    }
  }
  return out;
}

// engine/vision's stages in data-flow order (engine/vision/README.md); the network runtime serves them all.
const VISION_STAGES = ['network-runtime', 'scenes', 'calibration', 'detection', 'teams', 'tracking', 'ball', 'identity'];

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const roots = ['engine', 'main', 'renderer', 'bench', 'models', 'test'].map((d) => join(root, d));
  const graph = importGraph(sourceFiles(roots));
  const cycles = findCycles(graph);
  for (const c of cycles) process.stderr.write(`import cycle: ${c.map((f) => relative(root, f)).join(' <-> ')}\n`);
  const backwards = againstOrder(graph, join(root, 'engine', 'vision'), VISION_STAGES);
  for (const [from, to] of backwards) process.stderr.write(`against the stage order: ${relative(root, from)} imports ${relative(root, to)}\n`);
  if (cycles.length || backwards.length) process.exit(1);
}
