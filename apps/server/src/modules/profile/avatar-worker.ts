import { parentPort } from 'node:worker_threads';
import { makeAvatar, TooManyPixelsError, UnreadableImageError, type AvatarImageType } from './avatar-image.ts';

/**
 * An avatar worker thread (avatar-thread.ts starts one per upload): decoding a photo of a few megapixels in
 * JavaScript takes seconds, off the server's event loop here. Answers the data URL or why it could not.
 */
export type AvatarJob = { type: AvatarImageType; content: Uint8Array };
export type AvatarResult = { ok: true; avatar: string } | { ok: false; reason: 'pixels' | 'unreadable' | 'error' };

parentPort?.once('message', (job: AvatarJob) => {
  let result: AvatarResult;
  try {
    result = {
      ok: true,
      avatar: makeAvatar(job.type, Buffer.from(job.content.buffer, job.content.byteOffset, job.content.byteLength)),
    };
  } catch (error) {
    result = {
      ok: false,
      reason:
        error instanceof TooManyPixelsError ? 'pixels' : error instanceof UnreadableImageError ? 'unreadable' : 'error',
    };
  }
  parentPort?.postMessage(result);
});
