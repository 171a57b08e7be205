import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const tsxApi = pathToFileURL(
  require.resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs'),
).href;

/**
 * A worker thread running a TypeScript file of the server (the PDF workers, the avatar resizer). The thread starts
 * from a one-line bootstrap that registers tsx's ESM loader inside it, then imports the file. The server runs its
 * .ts sources through tsx (`npm start`, `npm run dev`, `npm run worker`, the browser tests' `node --import tsx`)
 * and the tests run them through Vitest; neither carries into a worker: on Node 20 a worker's `--import tsx`
 * registers the loader after the worker's own file is loaded (privatenumber/tsx#354, ERR_UNKNOWN_FILE_EXTENSION),
 * hence the bootstrap and an empty execArgv.
 */
export const startTsWorker = (file: URL, resourceLimits?: ResourceLimits): Worker => {
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file.href)}); });`;
  return new Worker(bootstrap, { eval: true, execArgv: [], ...(resourceLimits ? { resourceLimits } : {}) });
};
