import { messages } from '@credence/contracts';
import { AppError } from './errors.ts';

const MALFORMED = /boundary|multipart|unexpected end|terminated early|malformed|header/i;

/**
 * A multipart failure (@fastify/multipart, busboy) as the client should see it: 413, 415 or 400 with the house
 * error body, never a 500 — the application files' upload and the avatar's. `texts` say what is too large and
 * how many parts are allowed; anything else is answered as it was thrown.
 */
export const multipartError = (error: unknown, texts: { tooLarge: string; tooMany: string }): unknown => {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'PAYLOAD_TOO_LARGE', texts.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', texts.tooMany);
  }
  // Not multipart, or multipart without a boundary (busboy: "Multipart: Boundary not found").
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || /boundary not found/i.test(message)) {
    return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.files.notMultipart);
  }
  if (
    code === 'FST_PROTO_VIOLATION' ||
    code === 'FST_INVALID_JSON_FIELD_ERROR' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    MALFORMED.test(message)
  ) {
    return new AppError(400, 'BAD_REQUEST', messages.files.malformed);
  }
  return error;
};
