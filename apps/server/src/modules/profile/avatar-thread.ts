import { startTsWorker } from '../../platform/ts-worker.ts';
import type { AvatarImageType } from './avatar-image.ts';
import type { AvatarJob, AvatarResult } from './avatar-worker.ts';

const workerFile = new URL('./avatar-worker.ts', import.meta.url);

/** Uploads resized at once per process; one more is answered BUSY (uploads are rare, a photo takes seconds). */
export const AVATAR_THREADS = 2;
const AVATAR_TIMEOUT_MS = 20_000;
let running = 0;

export class AvatarBusyError extends Error {}

/**
 * Makes the avatar in a worker thread of its own (started for this upload, ended after it) within a time and memory
 * budget, so a large photo never stalls the other requests. Over the budget: `{ ok: false, reason: 'pixels' }`.
 */
export const makeAvatarOffThread = async (type: AvatarImageType, content: Buffer): Promise<AvatarResult> => {
  if (running >= AVATAR_THREADS) throw new AvatarBusyError();
  running++;
  const worker = startTsWorker(workerFile, { maxOldGenerationSizeMb: 256 });
  try {
    return await new Promise<AvatarResult>((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, reason: 'pixels' }), AVATAR_TIMEOUT_MS);
      const done = (result: AvatarResult) => {
        clearTimeout(timer);
        resolve(result);
      };
      worker.once('message', done);
      worker.once('error', (error: Error & { code?: string }) =>
        done({ ok: false, reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'pixels' : 'error' }),
      );
      worker.once('exit', () => done({ ok: false, reason: 'error' }));
      const job: AvatarJob = { type, content };
      worker.postMessage(job);
    });
  } finally {
    running--;
    worker.removeAllListeners();
    worker.on('error', () => {});
    void worker.terminate();
  }
};
