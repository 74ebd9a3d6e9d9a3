// Checks a response against the OpenAPI document with the project's one validator
// (contract/validator.ts, which the MSW mocks also run on their answers): the status must be
// declared for the operation, and a JSON body must match its schema (types, required fields,
// formats, no unknown fields where the schema forbids them).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { serverContract } from '../src/http/contract-validation';

const contract = serverContract();

/** Throws with the schema errors when the response does not match the contract. Returns the parsed body. */
export function expectResponseMatches<T = unknown>(
  operationId: string,
  res: LightMyRequestResponse,
): T {
  const operation = contract.operation(operationId);
  if (!operation) throw new Error(`Unknown operationId ${operationId}`);
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  const body = isJson && res.body.length > 0 ? (JSON.parse(res.body) as T) : undefined;
  const headers = Object.fromEntries(
    Object.entries(res.headers).map(([name, value]) => [name, value?.toString()]),
  );
  // A copy: the validator fills in schema defaults, the test must see the body as sent.
  const copy =
    body === undefined ? (res.body.length > 0 ? res.body : undefined) : structuredClone(body);
  const problem = contract.validateResponse(operationId, res.statusCode, copy, headers);
  if (problem) throw new Error(problem);
  return body as T;
}

export interface TestRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
  remoteAddress?: string;
}

/** app.inject() with a JSON payload when there is one. */
export const injectJson = (app: FastifyInstance, { payload, ...request }: TestRequest) =>
  app.inject({ ...request, ...(payload === undefined ? {} : { payload: payload as object }) });

/** app.inject(), then the answer is checked against this operation of the contract. */
export async function injectChecked(
  app: FastifyInstance,
  operationId: string,
  request: TestRequest,
): Promise<LightMyRequestResponse> {
  const res = await injectJson(app, request);
  expectResponseMatches(operationId, res);
  return res;
}
