import { randomBytes } from 'node:crypto';
import { mkdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FilingError, type DocumentStorageProvider } from './document-storage.ts';
import { isSafeRelativePath } from './path-template.ts';

/** Whether `child` is `parent` or inside it (both absolute, resolved). */
export const isWithin = (parent: string, child: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** A file-system error as a safe reason: its code only, never the path (which may hold a member number). */
const fsFailure = (error: unknown, what: string) => {
  const code = (error as { code?: unknown } | null)?.code;
  return new FilingError(`${typeof code === 'string' ? `${code}: ` : ''}${what}`);
};

/**
 * A directory of a file system or network share mounted on this server. The lender names a directory relative to
 * the server's storage root (`DOC_STORAGE_ROOT`, default `.data/doc-storage`): nothing is ever written outside it —
 * the directory and the document's path are resolved and checked to stay below the root, and the real path of the
 * directory written to (symbolic links followed) is checked again. The document is written to a temporary file
 * beside its target and renamed over it (a reader never sees half a file; filing again replaces it), then its
 * sidecar `<file>.json` holds the mapped index fields.
 */
export const fileSystemProvider = (options: { base: string; rootDirectory: string }): DocumentStorageProvider => ({
  file: async (document) => {
    if (!isSafeRelativePath(options.rootDirectory) || !isSafeRelativePath(document.path))
      throw new FilingError('The path is not a safe relative path', false);
    let base: string;
    try {
      await mkdir(options.base, { recursive: true });
      base = await realpath(options.base);
    } catch (error) {
      throw fsFailure(error, 'the storage root could not be opened');
    }
    const root = path.resolve(base, options.rootDirectory);
    const target = path.resolve(root, document.path);
    if (!isWithin(base, root) || !isWithin(root, target) || target === root)
      throw new FilingError('The path leads outside the storage root', false);
    const directory = path.dirname(target);
    try {
      await mkdir(directory, { recursive: true });
    } catch (error) {
      throw fsFailure(error, 'the directory could not be created');
    }
    const real = await realpath(directory).catch((error: unknown) => {
      throw fsFailure(error, 'the directory could not be opened');
    });
    if (!isWithin(base, real)) throw new FilingError('The path leads outside the storage root', false);
    const finalPath = path.join(real, path.basename(target));
    const sidecar = {
      file: path.basename(target),
      contentType: document.contentType,
      sha256: document.sha256,
      fields: document.index,
    };
    const put = async (file: string, content: Buffer | string) => {
      const temp = path.join(real, `.${randomBytes(8).toString('hex')}.filing`);
      try {
        await writeFile(temp, content, { flag: 'wx', mode: 0o640 });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => {});
        throw fsFailure(error, 'the document could not be written');
      }
    };
    await put(finalPath, document.content);
    await put(`${finalPath}.json`, `${JSON.stringify(sidecar, null, 2)}\n`);
    return { location: path.relative(path.resolve(base, options.rootDirectory), finalPath).split(path.sep).join('/') };
  },
});
