// multipart/form-data request bodies (the upload operations).
//
// The contract describes them (field `file` / `files`, format: binary) and fastify-openapi-glue
// puts that schema on the route, but with @fastify/multipart in stream mode the body is never an
// object Ajv could check: the parts are read by the handler, one file at a time, straight to
// storage. So the multipart schema is taken off each route here, and the upload service enforces
// what it said (field names, 1–5 files, sizes, types) with the contract's statuses.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST } from '../services/uploads';
import { HttpProblem } from './problem';

const MULTIPART = 'multipart/form-data';

/** Call before fastify-openapi-glue registers the routes (the onRoute hook must see them). */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    // Upper bounds only: the upload handlers pass their own limits per request and turn an
    // oversized file into 413 and a file too many into 422 themselves, so the plugin is set one
    // past each limit and must not throw its own (differently worded) size error.
    limits: { fileSize: MAX_FILE_BYTES + 1, files: MAX_FILES_PER_REQUEST + 1 },
    throwFileSizeLimit: false,
  });
  app.addHook('onRoute', withoutMultipartBodySchema);
  // The contract's media responses are image/* and video/*; no request body may be raw media
  // (files come as multipart parts). Saying so here also tells fastify-openapi-glue that these
  // content types are handled, instead of it warning at every start.
  const refuse = (_request: unknown, _payload: unknown, done: (err: Error) => void) =>
    done(new HttpProblem(415, 'Send files as multipart/form-data'));
  // The regular expression does the matching; the literal names are what glue looks up.
  app.addContentTypeParser(/^(image|video)\//, refuse);
  app.addContentTypeParser(['image/*', 'video/*'], refuse);
}

function withoutMultipartBodySchema(route: RouteOptions): void {
  const body = route.schema?.body as { content?: Record<string, unknown> } | undefined;
  if (!body?.content || !(MULTIPART in body.content)) return;
  const content = { ...body.content };
  delete content[MULTIPART];
  const schema = { ...route.schema };
  if (Object.keys(content).length === 0) delete schema.body;
  else schema.body = { ...body, content };
  route.schema = schema;
}
