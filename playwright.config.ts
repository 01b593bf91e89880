import { defineConfig } from '@playwright/test';
import { chromiumPath } from './test/browser/chromium-path.js';

/**
 * Browser tests: real pages served by a real service on 127.0.0.1, driven in Debian's chromium
 * (test/browser/global-setup.ts installs it when missing). One worker: each spec starts a service and
 * a browser, which is what two CI cores can carry.
 */
export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/browser/global-setup.ts',
  outputDir: 'test-results/browser',
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath() },
    viewport: { width: 900, height: 900 },
    trace: 'retain-on-failure',
  },
});
