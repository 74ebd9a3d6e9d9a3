// multipart/form-data request bodies (the upload operations).
//
// The contract describes them (field `file` / `files`, format: binary), but with
// @fastify/multipart in stream mode the body is never an object a schema could check: the parts
// are read by the handler, one file at a time, straight to storage. The contract validator
// (contract-validation.ts) checks the content type only, and the upload service enforces what the
// contract says (field names, 1–5 files, sizes, types) with the contract's statuses.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST } from '../domain/media-limits';
import { HttpProblem } from '../api/problem';

/** Call before fastify-openapi-glue registers the routes. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    // Upper bounds only: the upload handlers pass their own limits per request and turn an
    // oversized file into 413 and a file too many into 422 themselves, so the plugin is set one
    // past each limit and must not throw its own (differently worded) size error.
    limits: { fileSize: MAX_FILE_BYTES + 1, files: MAX_FILES_PER_REQUEST + 1 },
    throwFileSizeLimit: false,
  });
  // The contract's file responses are image/*, video/*, application/pdf, text/csv,
  // application/gzip (a backup) and application/xml (a TEIF e-invoice); no request body may be a
  // raw file (files come as multipart parts). Saying so here also tells fastify-openapi-glue, which counts response types too,
  // that these content types are handled, instead of it warning at every start.
  const refuse = (_request: unknown, _payload: unknown, done: (err: Error) => void) =>
    done(new HttpProblem(415, 'Send files as multipart/form-data'));
  // The regular expression does the matching; the literal names are what glue looks up.
  app.addContentTypeParser(/^(image|video)\//, refuse);
  app.addContentTypeParser(
    ['image/*', 'video/*', 'application/pdf', 'text/csv', 'application/gzip', 'application/xml'],
    refuse,
  );
}
