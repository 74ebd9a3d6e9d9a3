import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpProblem, type ValidationIssue } from './problem';

const CONTEXT_LOC: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** AJV errors → FastAPI-style issues naming the field: loc ["body", "meta_title"]. */
export function toValidationIssues(errors: AjvIssue[], context: string): ValidationIssue[] {
  const root = CONTEXT_LOC[context] ?? context;
  return errors.map((e) => {
    const path = e.instancePath
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') {
      return {
        loc: [root, ...path, e.params.missingProperty],
        msg: 'Field required',
        type: 'missing',
      };
    }
    if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string') {
      return {
        loc: [root, ...path, e.params.additionalProperty],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      };
    }
    return { loc: [root, ...path], msg: e.message ?? 'Invalid value', type: e.keyword };
  });
}

/** The one place where errors become answers: `{detail}` always, 422 with a list of issues. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpProblem) {
    return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
  }
  if (error.validation) {
    const issues = toValidationIssues(
      error.validation as AjvIssue[],
      error.validationContext ?? 'body',
    );
    return reply.code(422).send({ detail: issues });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own refusals: malformed JSON (400), unsupported content type (415), body too large (413).
    return reply.code(status).send({ detail: error.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ detail: 'Internal server error' });
}
