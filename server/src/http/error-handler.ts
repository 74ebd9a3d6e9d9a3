import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem } from '../api/problem';

/**
 * The one place where errors become answers: `{detail}` always (with the extra fields of a
 * problem that has some, e.g. the sign-in's `two_factor_required`). Request validation (422 with a
 * list of issues) is the contract validator's (contract/validator.ts), which throws HttpProblems.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpProblem) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send({ ...error.fields, detail: error.detail });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own refusals: body too large (413), a request timed out (408).
    return reply.code(status).send({ detail: error.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: 'Internal server error' });
}
