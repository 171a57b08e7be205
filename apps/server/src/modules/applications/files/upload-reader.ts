import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { messages, MAX_FILES_PER_UPLOAD } from '@credence/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { FILE_CHUNK_BYTES } from '../../../platform/file-store.ts';
import { multipartError } from '../../../platform/multipart-errors.ts';
import type { UploadedPart } from './files.service.ts';

/** The first bytes of a file are kept in memory to check that its content matches its type. */
export const SNIFF_BYTES = 8192;

/** 10 MB, 64 KB: a size limit as people read it. */
const megabytes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${megabytes.format(bytes / (1024 * 1024))} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export type Upload = {
  names: string[];
  files: UploadedPart[];
  uploadTypeId: number | undefined;
  /** Removes the temp files; call it once the upload is stored or refused. */
  discard: () => Promise<void>;
};

/**
 * A body that ends inside a part (cut short) leaves busboy waiting for the rest for ever: once the request has
 * ended, an upload that makes no progress for this long is refused as malformed (400).
 */
const STALL_AFTER_END_MS = 1000;

/** Counts, hashes and keeps the first SNIFF_BYTES of what flows through it. */
const inspector = (onProgress: () => void) => {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let headSize = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onProgress();
      size += chunk.length;
      hash.update(chunk);
      if (headSize < SNIFF_BYTES) {
        const piece = chunk.subarray(0, SNIFF_BYTES - headSize);
        head.push(Buffer.from(piece));
        headSize += piece.length;
      }
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }) };
};

/** A multipart failure of the files upload as the client should see it (platform/multipart-errors.ts). */
const uploadError = (error: unknown, maxBytes: number): unknown =>
  multipartError(error, {
    tooLarge: messages.files.tooLarge(formatBytes(maxBytes)),
    tooMany: messages.files.tooMany(MAX_FILES_PER_UPLOAD),
  });

/**
 * Reads a multipart upload: repeated `names[]` fields and `files` parts, within the size and count limits.
 * Each file streams to a temp file while it is counted, hashed and its first bytes kept for the type check;
 * only those first bytes stay in memory. The caller stores the files from the temp files, then `discard`s.
 */
export const readUpload = async (request: FastifyRequest, maxBytes: number): Promise<Upload> => {
  const names: string[] = [];
  const files: UploadedPart[] = [];
  let uploadTypeId: number | undefined;
  let dir: string | undefined;
  const discard = async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  };
  // Rejects once the request body has ended and nothing has moved for STALL_AFTER_END_MS.
  let lastProgress = Date.now();
  const progress = () => {
    lastProgress = Date.now();
  };
  let watch: NodeJS.Timeout | undefined;
  let start = () => {};
  const stalled = new Promise<never>((_resolve, reject) => {
    start = () => {
      progress();
      watch = setInterval(() => {
        if (Date.now() - lastProgress > STALL_AFTER_END_MS) {
          reject(new AppError(400, 'BAD_REQUEST', messages.files.malformed));
        }
      }, STALL_AFTER_END_MS / 4);
      watch.unref();
    };
    if (request.raw.readableEnded) start();
    else request.raw.once('end', start);
  });
  stalled.catch(() => {});
  let current: Readable | undefined;
  try {
    // multipart/form-data names the boundary between its parts: without one (or an empty one) it cannot be read.
    const boundary = /;\s*boundary=("?)([^";]*)\1/i.exec(request.headers['content-type'] ?? '')?.[2]?.trim();
    if (request.isMultipart() && !boundary) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.files.notMultipart);
    }
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: MAX_FILES_PER_UPLOAD, fields: 50, fieldSize: 1000, parts: 60 },
    });
    const iterator = parts[Symbol.asyncIterator]();
    for (;;) {
      const pending = iterator.next();
      pending.catch(() => {});
      const next = await Promise.race([pending, stalled]);
      if (next.done) break;
      const part = next.value;
      progress();
      if (part.type === 'file') {
        if (part.fieldname !== 'files' && part.fieldname !== 'files[]') {
          part.file.resume(); // not ours: skipped, never stored
          continue;
        }
        dir ??= await mkdtemp(path.join(tmpdir(), 'credence-upload-'));
        const file = path.join(dir, String(files.length));
        const seen = inspector(progress);
        current = part.file;
        const written = pipeline(part.file, seen.stream, createWriteStream(file));
        written.catch(() => {}); // when the stall wins the race, the pipeline fails later: nobody waits for it
        await Promise.race([written, stalled]);
        current = undefined;
        if (part.file.truncated) {
          throw new AppError(413, 'PAYLOAD_TOO_LARGE', messages.files.tooLarge(formatBytes(maxBytes)));
        }
        const { size, sha256, head } = seen.result();
        files.push({
          fileName: part.filename,
          size,
          sha256,
          head,
          chunks: () => createReadStream(file, { highWaterMark: FILE_CHUNK_BYTES }),
        });
      } else if (part.fieldname === 'names[]' || part.fieldname === 'names') {
        names.push(String(part.value));
      } else if (part.fieldname === 'uploadTypeId') {
        uploadTypeId = Number(part.value);
      }
    }
  } catch (error) {
    current?.destroy(); // a cut-short part: its pipeline (and temp file) closes
    await discard();
    throw uploadError(error, maxBytes);
  } finally {
    clearInterval(watch);
    request.raw.off('end', start);
  }
  return { names, files, uploadTypeId, discard };
};
