import type { ValidationIssue } from '../../../contract';

/**
 * An error that becomes an HTTP answer as is: `{detail}` with its status, plus the `fields` of
 * the operation's error schema that has more (the sign-in's LoginProblem). Routes and services
 * throw these; anything else that escapes is a real fault (500).
 */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationIssue[],
    readonly headers: Record<string, string> = {},
    readonly fields: Readonly<Record<string, unknown>> = {},
  ) {
    super(typeof detail === 'string' ? detail : detail.map((d) => d.msg).join('; '));
  }
}

/** 401 for a token whose account was deactivated or deleted since it was issued. */
export const ACCOUNT_GONE = 'Account is inactive or no longer exists';

export const badRequest = (detail: string) => new HttpProblem(400, detail);
export const unauthorized = (detail = 'Not authenticated') =>
  new HttpProblem(401, detail, { 'www-authenticate': 'Bearer' });
export const forbidden = (detail: string) => new HttpProblem(403, detail);
export const notFound = (detail: string) => new HttpProblem(404, detail);
export const conflict = (detail: string) => new HttpProblem(409, detail);
export const payloadTooLarge = (detail: string) => new HttpProblem(413, detail);
export const unsupportedMediaType = (detail: string) => new HttpProblem(415, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpProblem(429, detail, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** A 422 about one field, e.g. invalid(['body', 'parent_id'], 'A category cannot be its own parent'). */
export const invalid = (loc: (string | number)[], msg: string, type = 'value_error') =>
  new HttpProblem(422, [{ loc, msg, type }]);
