import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/** The API server (apps/server) listens on port 3000; the dev server forwards its paths there. */
const apiTarget = 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/healthz': { target: apiTarget },
  '/readyz': { target: apiTarget },
  // The real-time hub (Socket.IO over a WebSocket).
  '/socket.io': { target: apiTarget, ws: true },
};

/**
 * Bundle layout (issue 17, item 10; budget in scripts/size-budget.mjs): every page is a lazy route
 * (src/app/router.tsx) and the shell's overlays load after the first paint (src/lib/lazy-overlays.tsx).
 * - The libraries of the first load (React, MUI core, router, query, zod) form one `vendor` chunk: one file
 *   compresses better than two dozen small ones, and it changes only when a dependency does.
 * - contracts and domain have no import side effects, so a page gets only the schemas and rules it uses; zod's
 *   builders (`z.…`) are declared pure, so an unused schema's construction is dropped too.
 * Build output: dist/ with .br/.gz twins (build/precompress.ts) and dist/.vite/manifest.json (the budget's input).
 */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/](contracts|domain)[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
