// GET /api/docs: the API reference for developers who integrate with the shop (#31), drawn by
// Swagger UI (swagger-ui-dist, the project's own static files) from the bundled contract the server
// itself runs on, so it is never out of date. It runs under the console's Content-Security-Policy:
// its scripts are files of ours (no inline script), and nothing is fetched from elsewhere (the
// validator badge, which would send the contract to swagger.io, is off).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadOpenApiDocument } from './openapi-document';

const SWAGGER_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Swagger UI's files the page loads, read once at start. */
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference — VAT-aware store back office</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/reference.js"></script>
  </body>
</html>
`;

/**
 * The page's own script. "Try it out" sends requests to this server with the bearer token the
 * developer types under "Authorize" (an access token or an API token); the token is kept in the
 * page only (persistAuthorization off: not in localStorage, where the console's session lives).
 */
const SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/docs/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false,
  docExpansion: 'none',
  filter: true,
});
`;

interface Answer {
  type: string;
  cache: string;
  body: string | Buffer;
}

export function registerApiDocs(app: FastifyInstance): void {
  const answers: Record<string, Answer> = {
    '/api/docs': { type: 'text/html; charset=utf-8', cache: 'no-cache', body: PAGE },
    '/api/docs/reference.js': {
      type: 'text/javascript; charset=utf-8',
      cache: 'no-cache',
      body: SCRIPT,
    },
    '/api/docs/openapi.json': {
      type: 'application/json; charset=utf-8',
      cache: 'no-cache',
      body: JSON.stringify(loadOpenApiDocument()),
    },
  };
  for (const [name, { file, type }] of Object.entries(ASSETS)) {
    // Swagger UI's files change only with its version, that is with a new build of the server.
    const body = readFileSync(join(SWAGGER_DIR, file));
    answers[`/api/docs/${name}`] = { type, cache: 'public, max-age=86400', body };
  }
  for (const [path, answer] of Object.entries(answers)) {
    app.get(path, (_request, reply) =>
      reply
        .header('content-type', answer.type)
        .header('cache-control', answer.cache)
        .send(answer.body),
    );
  }
}
