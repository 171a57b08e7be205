export * from './document-storage.ts';
export { fileSystemProvider, isWithin } from './file-system-provider.ts';
export { fillPathTemplate, isSafeRelativePath, sanitiseSegment } from './path-template.ts';
export { s3Provider, type S3Options } from './s3-provider.ts';
export { amzDate, encodeS3Path, sha256Hex, signV4 } from './sigv4.ts';
