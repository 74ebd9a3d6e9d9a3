import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** A file the browser saves under `fileName` (a document, a backup archive). */
export interface Download {
  contentType: string;
  size: number;
  fileName: string;
  body: Buffer | Readable;
}

/**
 * Sends a file as a download. What is downloaded this way is private (a customer's document, the
 * whole shop's data): no cache keeps it, and no browser takes it for another type than it says.
 */
export function sendDownload(reply: FastifyReply, file: Download): FastifyReply {
  return reply
    .code(200)
    .headers({
      'content-type': file.contentType,
      'content-length': String(file.size),
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    .send(file.body);
}
