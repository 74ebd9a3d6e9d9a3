// Request validation: the server runs the project's one validator (contract/validator.ts), the
// same one the MSW mocks run, instead of Fastify's own schema validation. Fastify only reads the
// body as text (every content type, so that the validator decides what is acceptable, e.g. an
// empty form body on a body-less operation); the validator parses and checks it and hands the
// handler typed params, query (defaults applied) and body.
import type {
  FastifyInstance,
  FastifyRequest,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import { createContract, MULTIPART, type Contract } from '../../../contract';
import { loadOpenApiDocument } from './openapi-document';
import { HttpProblem } from '../api/problem';
import { redactUrl } from './security';

let shared: Contract | undefined;
/** The contract of generated/openapi.json (built once per process). */
export function serverContract(): Contract {
  shared ??= createContract(loadOpenApiDocument());
  return shared;
}

/** Call before the routes are registered: body parsing and request schemas. */
export function registerContractValidation(app: FastifyInstance): void {
  // Every body arrives as text (multipart/form-data keeps its own parser, registered later).
  app.removeAllContentTypeParsers();
  const asText = (_request: unknown, body: string | Buffer, done: (e: null, b: unknown) => void) =>
    done(null, body);
  app.addContentTypeParser('*', { parseAs: 'string' }, asText);
  // Named too: fastify-openapi-glue warns at start about a contract content type without a parser.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, asText);
  // The routes keep their response schemas (serialisation); requests are checked by the contract.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.schema) return;
    const schema = { ...route.schema };
    delete schema.body;
    delete schema.querystring;
    delete schema.params;
    delete schema.headers;
    route.schema = schema;
  });
}

/**
 * preValidation hook of every contract operation, after its access check. It works synchronously:
 * what it throws, Fastify's hook runner turns into the error answer.
 */
export function contractValidation(
  operationId: string,
  contract: Contract,
): preValidationHookHandler {
  return (request: FastifyRequest, _reply, done) => {
    const result = contract.validateRequest({
      // HEAD is Fastify's automatic twin of each GET route.
      method: request.method === 'HEAD' ? 'GET' : request.method,
      url: request.url,
      contentType: request.headers['content-type'],
      body: request.isMultipart() ? MULTIPART : (request.body as string | undefined),
    });
    if (!result.ok) throw new HttpProblem(result.status, result.detail);
    if (result.operation.operationId !== operationId)
      throw new Error(
        `${request.method} ${redactUrl(request.url)} matched ${result.operation.operationId}, routed to ${operationId}`,
      );
    request.params = result.params;
    request.query = result.query;
    request.body = result.body;
    done();
  };
}
