import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@credence/contracts';
import type { FastifyInstance } from 'fastify';

/** Vite's content-hashed output: a changed file gets a new name, so a browser may keep one for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: kept, but revalidated (ETag / Last-Modified) on every use. */
export const REVALIDATE_CACHE = 'no-cache';

const isHashedAsset = (file: string) => file.split(path.sep).includes('assets');

/**
 * The built web app (apps/web/dist) with the SPA fallback: every GET outside /api without a file extension
 * answers index.html, so deep links work. The build writes brotli and gzip twins next to each text file
 * (apps/web/build/precompress.ts); the answer is the smallest one the browser accepts, with
 * Content-Encoding and `Vary: Accept-Encoding`. Hashed files under /assets are immutable for a year;
 * index.html is `no-cache`, so a deployment is seen on the next load. API answers keep their own
 * `no-store` (security-headers.ts). Without a built web app only the API and its 404s are served.
 */
export const registerWebStatic = async (app: FastifyInstance, webDist: string) => {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Cache-Control is ours (setHeaders); @fastify/send's would say `max-age=0` after it.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader(
          'Cache-Control',
          isHashedAsset(path.relative(webDist, file)) ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
        );
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api') && !path.extname(request.url.split('?')[0] ?? '');
    if (hasWeb && isPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ code: 'NOT_FOUND', message: messages.errors.notFound });
  });
};
