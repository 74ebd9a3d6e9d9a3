// One id per request, in every log line of it (Fastify logs it as reqId) and in the answer's
// X-Request-Id, so a request can be followed from the proxy through every instance's logs.
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A proxy's id is kept when it is safe to log and to echo (a bounded run of URL-safe characters:
 * no line breaks or quotes to forge log lines or headers with); anything else gets a new one.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
