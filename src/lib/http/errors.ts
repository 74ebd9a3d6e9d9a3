import type { AxiosError } from 'axios';
import { english, t } from './messages';

// axios's own test, without loading axios: error messages are needed on pages that have not
// made a request yet (the sign-in page loads the HTTP client on the first attempt).
const isAxiosError = (e: unknown): e is AxiosError =>
  typeof e === 'object' && e !== null && (e as { isAxiosError?: unknown }).isAxiosError === true;

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'parse' | 'auth';

// The client's own messages, shown to users: in the language of the moment the error is made.
export const parseErrorMessage = () => t('parseError');
export const authFailedMessage = () => t('authFailed');
/** The English of authFailedMessage(), which stories compare the sign-in page's notice with. */
export const AUTH_FAILED_MESSAGE = english.authFailed;

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly kind: ApiErrorKind,
    /** The body's raw `detail` (string or FastAPI issue list), for screens that want more. */
    readonly detail?: unknown,
    options?: ErrorOptions,
    /**
     * The whole error body, for an answer that says more than `detail` (a remittance's refused
     * lines, RemittanceRefused).
     */
    readonly body?: unknown,
  ) {
    super(message, options);
  }
}

interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
}

// FastAPI prefixes each location with where the value came from; users only care about the field.
const LOCATION_ROOTS = new Set(['body', 'query', 'path', 'header', 'cookie']);

function isValidationList(detail: unknown): detail is ValidationIssue[] {
  return (
    Array.isArray(detail) &&
    detail.length > 0 &&
    detail.every(
      (issue: unknown) =>
        typeof issue === 'object' &&
        issue !== null &&
        Array.isArray((issue as ValidationIssue).loc) &&
        typeof (issue as ValidationIssue).msg === 'string',
    )
  );
}

function describeIssue({ loc, msg }: ValidationIssue): string {
  const path = (LOCATION_ROOTS.has(String(loc[0])) ? loc.slice(1) : loc).join('.');
  return path ? `${path}: ${msg}` : msg;
}

/**
 * The messages of a 422 answer by the field they name (`{loc: ['body', 'phone'], msg}` gives
 * phone → msg), the first one per field; empty for any other failure.
 */
export function fieldIssues(error: unknown): Map<string, string> {
  const byField = new Map<string, string>();
  const detail = error instanceof ApiError ? error.detail : undefined;
  if (!isValidationList(detail)) return byField;
  for (const { loc, msg } of detail) {
    const field = String((LOCATION_ROOTS.has(String(loc[0])) ? loc[1] : loc[0]) ?? '');
    if (field && !byField.has(field)) byField.set(field, msg);
  }
  return byField;
}

/** docs/product.md §8: detail, else message, else `HTTP <status>`. */
export function fromResponseBody(status: number, body: unknown): ApiError {
  const { detail, message } = (typeof body === 'object' && body !== null ? body : {}) as {
    detail?: unknown;
    message?: unknown;
  };
  let text = `HTTP ${status}`;
  if (typeof detail === 'string' && detail) text = detail;
  else if (isValidationList(detail)) text = detail.map(describeIssue).join('; ');
  else if (typeof message === 'string' && message) text = message;
  return new ApiError(status, text, 'http', detail, undefined, body);
}

export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (!isAxiosError(e))
    return new ApiError(0, t('networkError'), 'network', undefined, { cause: e });
  // Parse failures are raised by the client's transformResponse wrapped in an AxiosError.
  if (e.cause instanceof ApiError) return e.cause;
  if (e.response) return fromResponseBody(e.response.status, e.response.data);
  // An aborted request (unmount, superseded SWR key) is not a connectivity problem: say so.
  if (e.code === 'ERR_CANCELED')
    return new ApiError(0, t('cancelled'), 'network', undefined, { cause: e });
  if (e.code === 'ECONNABORTED' || e.code === 'ETIMEDOUT') {
    return new ApiError(0, t('timeout'), 'timeout', undefined, { cause: e });
  }
  return new ApiError(0, t('networkError'), 'network', undefined, { cause: e });
}
