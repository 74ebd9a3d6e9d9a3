// The contract's types for test code, and readers for its two error bodies, so a test reads
// an answer as what the contract says it is instead of `any`.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { components } from '../../generated/api-schema';
import { expectResponseMatches } from './openapi-validator';

export type Schemas = components['schemas'];
export type ValidationIssue = Schemas['ValidationIssue'];

/** The `detail` text of an error answer (HttpError). */
export const problemDetail = (res: LightMyRequestResponse): string =>
  res.json<Schemas['HttpError']>().detail;

/** The issues of a 422 answer (ValidationErrorBody). */
export const validationIssues = (res: LightMyRequestResponse): ValidationIssue[] =>
  res.json<Schemas['ValidationErrorBody']>().detail;

/**
 * The answer has this status and this error text; with an operationId, it is also checked
 * against that operation of the contract.
 */
export function expectProblem(
  res: LightMyRequestResponse,
  status: number,
  detail: string,
  operationId?: string,
): void {
  expect(res.statusCode).toBe(status);
  if (operationId) expect(expectResponseMatches(operationId, res)).toEqual({ detail });
  else expect(res.json()).toEqual({ detail });
}

/** The answer has this status and matches that operation of the contract: its body. */
export function expectStatus<T = unknown>(
  res: LightMyRequestResponse,
  status: number,
  operationId: string,
): T {
  expect(res.statusCode).toBe(status);
  return expectResponseMatches<T>(operationId, res);
}

// Asymmetric matchers are typed `any` by vitest; as `unknown` they go into expected bodies
// without making the whole literal unsafe.
export const anyNumber: unknown = expect.any(Number);
export const anyString: unknown = expect.any(String);
export const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);

/** Where the first issue of a 422 answer is, the answer checked against the operation. */
export const firstIssueLoc = (operationId: string, res: LightMyRequestResponse) =>
  expectResponseMatches<Schemas['ValidationErrorBody']>(operationId, res).detail[0]?.loc;

/** An ISO-8601 UTC timestamp with milliseconds, as the API and the database write them. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const anyTimestamp = matching(ISO_TIMESTAMP);

/** The issues of an answer that must be a 422 of the operation (checked against the contract). */
export function issuesOf(res: LightMyRequestResponse, operationId: string): ValidationIssue[] {
  expect(res.statusCode).toBe(422);
  return expectResponseMatches<Schemas['ValidationErrorBody']>(operationId, res).detail;
}

/** A 422 answer, checked against the operation, whose body is exactly these issues. */
export function expectIssues(
  res: LightMyRequestResponse,
  operationId: string,
  issues: unknown,
): void {
  expect(res.statusCode).toBe(422);
  expect(expectResponseMatches(operationId, res)).toEqual({ detail: issues });
}
