import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/** The API server (apps/server) listens on port 3000; the dev server forwards its paths there. */
const apiTarget = 'http://localhost:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/healthz': { target: apiTarget },
  '/readyz': { target: apiTarget },
};

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /\/packages\/(contracts|domain)\/src\//, sideEffects: false }],
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
