import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { HttpProblem } from '../api/problem';
import { isDiskFull } from '../db/transaction';

/** The answer to a write refused for lack of space (issue #25): says so, and that nothing changed. */
export const DISK_FULL_DETAIL =
  'The disk is full: nothing was saved. Free some space on the server, then try again.';

/** The answer to a request that arrives once shutdown has started (the load balancer retries). */
const SHUTTING_DOWN_DETAIL = 'The server is shutting down: try again in a moment';

/**
 * Says "disk full" in the log once, not once per refused request, and says again that writes work
 * once they do (then the next failure is said again). One per app: tests build several.
 */
export class DiskFullAlarm {
  #raised = false;

  get raised(): boolean {
    return this.#raised;
  }

  raise(log: FastifyRequest['log'], err: unknown): void {
    if (this.#raised) return;
    this.#raised = true;
    const code = (err as { code?: unknown } | null)?.code;
    log.error(
      { code, reason: err instanceof Error ? err.message : String(err) },
      'Disk full: writes are refused with 503 until space is freed',
    );
  }

  recovered(log: FastifyRequest['log']): void {
    if (!this.#raised) return;
    this.#raised = false;
    log.info('Disk space is back: writes are taken again');
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every error answer is `{detail}` (with the extra fields of a problem that has some, e.g. the
 * sign-in's `two_factor_required`), including Fastify's own: unknown routes (spa.ts), bodies too
 * large or malformed, bad URLs (frameworkErrors), requests during shutdown and broken HTTP
 * (fastifyErrorOptions). Request validation (422 with a list of issues) is the contract
 * validator's (contract/validator.ts), which throws HttpProblems.
 */
export function registerErrorAnswers(app: FastifyInstance, diskFull: DiskFullAlarm): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpProblem) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ ...error.fields, detail: error.detail });
    }
    if (isDiskFull(error)) {
      diskFull.raise(request.log, error);
      return reply.code(503).send({ detail: DISK_FULL_DETAIL });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: body too large (413), a request timed out (408), bad URL (400).
      return reply.code(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error' });
  });

  // A write that went through after a disk-full refusal: space is back.
  app.addHook('onResponse', (request, reply, done) => {
    if (diskFull.raised && WRITE_METHODS.has(request.method) && reply.statusCode < 400)
      diskFull.recovered(request.log);
    done();
  });

  // Fastify's own 503 during shutdown has its own body ({error, message, statusCode}); ours is
  // {detail}. return503OnClosing is off (fastifyErrorOptions) and this answers instead.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply.code(503).header('connection', 'close').send({ detail: SHUTTING_DOWN_DETAIL });
  });
}

/** The Fastify server options that route its built-in error answers to `{detail}`. */
export const fastifyErrorOptions = {
  return503OnClosing: false,
  // A malformed URL (bad percent-encoding) or a too long path parameter: the error handler.
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    void reply.code(error.statusCode ?? 400).send({ detail: error.message });
  },
  // Requests Node's HTTP parser refuses before Fastify sees them (timeouts, headers too large).
  clientErrorHandler: (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, detail] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request did not arrive in time']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
          : [400, 'Bad Request', 'The request is not valid HTTP'];
    const body = JSON.stringify({ detail });
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    socket.destroy(err);
  },
} satisfies Pick<
  FastifyServerOptions,
  'return503OnClosing' | 'frameworkErrors' | 'clientErrorHandler'
>;
