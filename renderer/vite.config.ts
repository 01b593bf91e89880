import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Builds the confirm-sides widget into dist/renderer/widget. The service serves the page at
 * /embed/confirm-sides and the hashed files under /embed/assets/ (main/service/routes/embed-page.ts).
 * Vite's own JSX transform: no plugin needed for a page without fast refresh.
 */
export default defineConfig({
  root: `${here}widget`,
  base: '/embed/',
  logLevel: 'warn',
  build: {
    outDir: `${here}../dist/renderer/widget`,
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // The page's CSP allows only 'self' scripts: no inline module-preload polyfill.
    modulePreload: { polyfill: false },
  },
});
