import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built console (dist/) next to the API: unknown non-API paths get index.html so the
 * SPA's client-side routes work on reload; unknown /api/ paths get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, spaDir: string | undefined) {
  const hasSpa = spaDir !== undefined && existsSync(join(spaDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, { root: spaDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!hasSpa || path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ detail: 'Not Found' });
    }
    // Hashed asset names change on each build; index.html must never be cached.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
