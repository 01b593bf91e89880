import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const SIMULATOR = { group: ['**/sim/**'], message: 'production code does not import the simulator (engine/sim); shared types live in engine/match-data.' };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test/fixtures/.generated/', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': 'off',
    },
  },
  {
    // The renderer runs in the browser and talks to the service over HTTP only (renderer/README.md).
    files: ['renderer/widget/**', 'renderer/app/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '**/main/**', '**/engine/**'] }],
    },
  },
  {
    // main/ (service, CLI, desktop shell) uses the engine through its one public surface (engine/api.ts).
    files: ['main/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/engine/**', '!**/engine/api.js'], message: 'main/ imports the engine through engine/api.ts only.' }] }],
    },
  },
  {
    // The simulator is the engine's yardstick, not a part of it: only its own I/O (engine/sim-io) and the
    // public surface (the CLI's `sim` command, the demo) reach it; shared types live in engine/match-data.
    files: ['engine/**'],
    ignores: ['engine/sim/**', 'engine/sim-io/**', 'engine/api.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SIMULATOR] }],
    },
  },
  {
    // Pure stages: no I/O (see engine/README.md). Flat config replaces a rule's options, so the
    // simulator's fence is repeated here.
    files: ['engine/vision/**', 'engine/events/**', 'engine/metrics/**', 'engine/query/**', 'engine/reports/**', 'engine/corrections/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:fs*', 'node:net', 'node:child_process', 'better-sqlite3', 'fs', 'child_process'], message: 'a pure stage does no I/O.' }, SIMULATOR] }],
    },
  },
);
