import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|xml|webmanifest)$/;
/** Below this a compressed twin saves less than its headers cost. */
const MIN_BYTES = 512;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
};

/**
 * After `vite build`, writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every
 * text file of the output, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing on each request. A twin that is not smaller than its file is not written. Uses node:zlib only.
 */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'credence:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter(
        (file) => COMPRESSIBLE.test(file) && !file.split(path.sep).includes('.vite'),
      );
      let written = 0;
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
          written += 1;
        }),
      );
      this.info(`precompressed ${written} files (.br, .gz)`);
    },
  };
};
