import { readFileSync } from 'node:fs';

/** The bundled contract (npm run generate): routes, validation and serialisation come from it. */
const OPENAPI_DOCUMENT_PATH = new URL('../../../generated/openapi.json', import.meta.url);

type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
};

export function loadOpenApiDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8')) as OpenApiDocument;
}
