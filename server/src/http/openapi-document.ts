import { readFileSync } from 'node:fs';

/** The bundled contract (npm run generate): routes, validation and serialisation come from it. */
const OPENAPI_DOCUMENT_PATH = new URL('../../../generated/openapi.json', import.meta.url);

type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
};

let document: OpenApiDocument | undefined;

/**
 * The contract, read once per process and frozen: every app built in it (a test builds many)
 * shares it, and the routes parsed from it (contract-routes.ts) are kept for it.
 */
export function loadOpenApiDocument(): OpenApiDocument {
  document ??= deepFreeze(
    JSON.parse(readFileSync(OPENAPI_DOCUMENT_PATH, 'utf8')) as OpenApiDocument,
  );
  return document;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
