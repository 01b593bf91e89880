import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

const root = new URL('../../../', import.meta.url);
const builder = readFileSync(new URL('electron-builder.yml', root), 'utf8');
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { main: string; dependencies: Record<string, string>; optionalDependencies: Record<string, string> };

/** The block of `key:` list items in the YAML (the file is flat lists; no parser needed). */
function list(key: string): string[] {
  const block = new RegExp(`^${key}:\\n((?:\\s+-.*\\n|\\s*#.*\\n)+)`, 'm').exec(builder)?.[1] ?? '';
  return block.split('\n').map((l) => /^\s+-\s+"?([^"]+)"?$/.exec(l)?.[1]).filter((x): x is string => Boolean(x));
}

describe('desktop packaging (electron-builder.yml)', () => {
  it('unpacks every native module and spawned binary from the asar, and ships the models as resources', () => {
    const unpacked = list('asarUnpack');
    for (const dep of ['better-sqlite3', 'onnxruntime-node', 'sharp', '@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe']) {
      expect(Object.keys(pkg.dependencies)).toContain(dep);
      const scope = dep.startsWith('@') ? dep.split('/')[0] as string : dep;
      expect(unpacked.some((p) => p === `node_modules/${dep}/**` || p === `node_modules/${scope}/**`), dep).toBe(true);
    }
    // sharp's platform binaries live in @img/sharp-<platform>.
    expect(unpacked).toContain('node_modules/@img/**');
    expect(builder).toMatch(/from: models\n\s+to: models/);
  });

  it('starts from the compiled shell, with Electron optional so offline installs succeed', () => {
    expect(pkg.main).toBe('dist/main/app.js');
    expect(list('files')).toContain('dist/**');
    expect(Object.keys(pkg.optionalDependencies)).toContain('electron');
    expect(Object.keys(pkg.dependencies)).not.toContain('electron');
  });
});
