import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    // Contract tests start real services, real ffmpeg and real HTTP servers:
    // generous timeouts keep them honest on a loaded 2-core CI machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
