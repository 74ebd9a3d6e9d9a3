// Checks a response against the OpenAPI document: the status must be declared for the operation,
// and a JSON body must match its schema (types, required fields, formats, no unknown fields
// where the schema forbids them).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { loadOpenApiDocument } from '../src/http/openapi-document';

const document = loadOpenApiDocument();
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema(document, 'openapi.json');

interface Located {
  pointer: string;
  responses: Record<
    string,
    { $ref?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }
  >;
}

const operations = new Map<string, Located>();
for (const [path, item] of Object.entries(document.paths)) {
  for (const [method, op] of Object.entries(item)) {
    const operation = op as { operationId?: string; responses?: Located['responses'] };
    if (!operation.operationId || !operation.responses) continue;
    const escaped = path.replace(/~/g, '~0').replace(/\//g, '~1');
    operations.set(operation.operationId, {
      pointer: `#/paths/${escaped}/${method}/responses`,
      responses: operation.responses,
    });
  }
}

function resolveResponse(operationId: string, status: number) {
  const op = operations.get(operationId);
  if (!op) throw new Error(`Unknown operationId ${operationId}`);
  let response = op.responses[String(status)];
  let pointer = `${op.pointer}/${status}`;
  if (!response) {
    throw new Error(
      `${operationId} answered ${status}, which the OpenAPI document does not declare`,
    );
  }
  if (response.$ref) {
    pointer = response.$ref;
    const name = response.$ref.split('/').pop() as string;
    const components = document.components as {
      responses: Record<string, Located['responses'][string]>;
    };
    response = components.responses[name] as Located['responses'][string];
  }
  return { response, pointer };
}

/** Throws with the schema errors when the response does not match the contract. Returns the parsed body. */
export function expectResponseMatches<T = unknown>(
  operationId: string,
  res: LightMyRequestResponse,
): T {
  const { response, pointer } = resolveResponse(operationId, res.statusCode);
  const json = response.content?.['application/json'];
  if (!json) {
    if (res.body.length > 0 && res.statusCode === 204) throw new Error('204 with a body');
    return undefined as T;
  }
  const body = JSON.parse(res.body) as T;
  const schemaPointer = `openapi.json${pointer}/content/application~1json/schema`;
  const validate = ajv.getSchema(schemaPointer) ?? ajv.compile({ $ref: schemaPointer });
  if (!validate(body)) {
    throw new Error(
      `${operationId} ${res.statusCode} body does not match the contract:\n` +
        `${JSON.stringify(validate.errors, null, 2)}\nbody: ${res.body.slice(0, 2000)}`,
    );
  }
  if (response.headers?.['X-Total-Count'] && res.headers['x-total-count'] === undefined) {
    throw new Error(`${operationId} ${res.statusCode} is missing the X-Total-Count header`);
  }
  return body;
}
