import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Builds one page of the renderer into dist/renderer/<page>: `vite build --mode widget` (the
 * confirm-sides widget, served at /embed/confirm-sides with its files under /embed/assets/) or
 * `--mode app` (the analyst's app, served at /app/). Vite's own JSX transform: no plugin needed.
 */
export default defineConfig(({ mode }) => {
  const page = mode === 'app' ? 'app' : 'widget';
  return {
    root: `${here}${page}`,
    base: page === 'app' ? '/app/' : '/embed/',
    logLevel: 'warn',
    build: {
      outDir: `${here}../dist/renderer/${page}`,
      emptyOutDir: true,
      assetsDir: 'assets',
      sourcemap: true,
      // The pages' CSP allows only 'self' scripts: no inline module-preload polyfill.
      modulePreload: { polyfill: false },
    },
  };
});
