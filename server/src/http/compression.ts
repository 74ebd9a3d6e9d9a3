// Compression of answers: Brotli or gzip, whichever the client prefers, for bodies of 1 kB and
// more (smaller ones gain less than the headers cost). Static assets come precompressed from the
// build (.br/.gz next to each file, served by http/spa.ts); this compresses the rest on the fly.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain less than the headers cost. */
export const COMPRESSION_THRESHOLD = 1024;

/** Call before the routes are registered: only routes registered later are compressed. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    // Answers only: the API never accepted compressed request bodies (nor would the body limit
    // bound their inflated size).
    globalDecompression: false,
  });
}
