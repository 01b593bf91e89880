import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module of the project's tools, without type declarations.
import { againstOrder, findCycles, importGraph, sourceFiles } from '../../../tools/import-cycles.mjs';

const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
};
const cyclesIn = (root: string): string[][] =>
  (findCycles(importGraph(sourceFiles([join(dir, root)]))) as string[][]).map((c) => c.map((f) => f.slice(dir.length + 1)));

describe('tools/import-cycles', () => {
  it('finds a cycle through a type-only import, over several lines and folders', () => {
    write('a/one.ts', "import { two } from './two.js';\nexport const one = two + 1;\n");
    write('a/two.ts', "import type {\n  Three,\n} from '../b/three.js';\nexport const two = 2 as Three;\n");
    write('b/three.ts', "export type { One } from '../a/one-type.js';\nimport '../a/one.js';\nexport type Three = number;\n");
    write('a/one-type.ts', 'export type One = 1;\n');
    expect(cyclesIn('.')).toEqual([['a/one.ts', 'a/two.ts', 'b/three.ts']]);
  });

  it('a tree of imports, a package import and a file importing a sibling it shares a name with are no cycle', () => {
    write('c/top.ts', "import { left } from './left.js';\nimport { right } from './right.js';\nimport { z } from 'zod';\nexport const top = [left, right, z];\n");
    write('c/left.ts', "import { leaf } from './leaf.js';\nexport const left = leaf;\n");
    write('c/right.ts', "import { leaf } from './leaf.js';\nexport const right = leaf;\n");
    write('c/leaf.ts', 'export const leaf = 0;\n');
    write('c/leaf.test.ts', "import { leaf } from './leaf.js';\nleaf;\n");
    expect(cyclesIn('c')).toEqual([]);
  });

  it('a file importing itself is a cycle', () => {
    write('d/self.ts', "import { self } from './self.js';\nexport const again = self;\nexport const self = 1;\n");
    expect(cyclesIn('d')).toEqual([['d/self.ts']]);
  });

  it('finds imports against a stage order: a later stage, or a composing file of the base folder', () => {
    write('v/compose.ts', "import { b } from './second/b.js';\nexport const c = b;\n");
    write('v/first/a.ts', "import { shared } from '../shared/s.js';\nexport const a = shared;\n");
    write('v/second/b.ts', "import { a } from '../first/a.js';\nexport const b = a;\n");
    write('v/second/late.ts', "import type { c } from '../compose.js';\nexport type Late = typeof c;\n");
    write('v/first/early.ts', "import { b } from '../second/b.js';\nimport { out } from '../../outside.js';\nexport const e = [b, out];\n");
    write('v/shared/s.ts', 'export const shared = 0;\n');
    write('outside.ts', 'export const out = 0;\n');
    const graph = importGraph(sourceFiles([dir]));
    const found = (againstOrder(graph, join(dir, 'v'), ['shared', 'first', 'second']) as string[][])
      .map(([from, to]) => `${(from as string).slice(dir.length + 1)} -> ${(to as string).slice(dir.length + 1)}`).sort();
    expect(found).toEqual(['v/first/early.ts -> v/second/b.ts', 'v/second/late.ts -> v/compose.ts']);
  });
});
