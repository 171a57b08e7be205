import { allowedFileTypes, type AllowedFileExtension } from '@credence/contracts';

const startsWith = (content: Buffer, bytes: readonly number[]) => bytes.every((b, i) => content[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The content must look like its extension says, so a renamed page or script is not served as a PDF. */
const signatures: Record<AllowedFileExtension, (content: Buffer) => boolean> = {
  pdf: (c) => c.subarray(0, 5).toString('latin1') === '%PDF-',
  png: (c) => startsWith(c, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (c) => startsWith(c, [0xff, 0xd8, 0xff]),
  jpeg: (c) => startsWith(c, [0xff, 0xd8, 0xff]),
  tif: (c) => startsWith(c, [0x49, 0x49, 0x2a, 0x00]) || startsWith(c, [0x4d, 0x4d, 0x00, 0x2a]),
  tiff: (c) => startsWith(c, [0x49, 0x49, 0x2a, 0x00]) || startsWith(c, [0x4d, 0x4d, 0x00, 0x2a]),
  doc: (c) => startsWith(c, OLE),
  xls: (c) => startsWith(c, OLE),
  docx: (c) => startsWith(c, ZIP),
  xlsx: (c) => startsWith(c, ZIP),
  txt: (c) => !c.subarray(0, 8192).includes(0),
  csv: (c) => !c.subarray(0, 8192).includes(0),
};

export const extensionOf = (fileName: string): AllowedFileExtension | undefined => {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return ext in allowedFileTypes && fileName.includes('.') ? (ext as AllowedFileExtension) : undefined;
};

export const contentMatches = (extension: AllowedFileExtension, content: Buffer) => signatures[extension](content);

/** A file name as sent, without any folder part or control characters, at most 200 characters. */
export const cleanFileName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    .split('')
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(-200);

/** Content-Disposition: inline for what a browser shows (PDF, images), attachment otherwise (RFC 6266). */
export const contentDisposition = (extension: AllowedFileExtension, fileName: string) => {
  const inline = ['pdf', 'png', 'jpg', 'jpeg', 'tif', 'tiff'].includes(extension);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};
