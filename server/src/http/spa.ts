import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Files under dist/assets/ carry a hash of their content in their name: they never change. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all, which names the current assets) is revalidated. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built console (dist/) next to the API: unknown non-API paths get index.html so the
 * SPA's client-side routes work on reload; unknown /api/ paths get a JSON 404. Files come
 * precompressed (.br/.gz written by the build) when the client accepts it.
 */
export async function registerSpa(app: FastifyInstance, spaDir: string | undefined) {
  const hasSpa = spaDir !== undefined && existsSync(join(spaDir, 'index.html'));
  if (hasSpa) {
    const assets = join(spaDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: spaDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, path) => {
        const hashed = path.startsWith(assets) && !relative(assets, path).includes(sep);
        response.setHeader('cache-control', hashed ? HASHED_ASSET : REVALIDATE);
        // The same URL answers differently by Accept-Encoding (precompressed variants).
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!hasSpa || path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ detail: 'Not Found' });
    }
    return reply.sendFile('index.html');
  });
}
