import { readFileSync } from 'node:fs';

/** The bundled contract (npm run generate): routes, validation and serialisation come from it. */
export const OPENAPI_DOCUMENT_PATH = new URL('../../../generated/openapi.json', import.meta.url);

export function loadOpenApiDocument(): Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
} {
  return JSON.parse(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8'));
}
