import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/*.test.mjs'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        // Component tests (issue 28, item 6): form rules that need no server, rendered in happy-dom.
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup-components.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file works on its own clone of the template: two files at a time (issue 28, item 7).
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
