import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiError, fieldIssues, toApiError } from './errors';

const config = { headers: {} } as InternalAxiosRequestConfig;

function httpError(status: number, data: unknown): AxiosError {
  const response = { status, data, statusText: '', headers: {}, config } as AxiosResponse;
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_RESPONSE',
    config,
    {},
    response,
  );
}

describe('toApiError: responses', () => {
  it('prefers a string detail and keeps it raw', () => {
    expect(
      toApiError(httpError(404, { detail: 'Product not found', message: 'ignored' })),
    ).toMatchObject({
      status: 404,
      kind: 'http',
      message: 'Product not found',
      detail: 'Product not found',
    });
  });

  it('joins FastAPI validation issues, dropping the location root', () => {
    const detail = [
      {
        loc: ['body', 'meta_title'],
        msg: 'String should have at most 60 characters',
        type: 'string_too_long',
      },
      { loc: ['query', 'limit'], msg: 'Input should be a valid integer', type: 'int_parsing' },
      { loc: ['body', 'dimensions', 'unit'], msg: "Input should be 'mm' or 'cm'", type: 'enum' },
      { loc: ['body', 'tags', 0], msg: 'Input should be a valid string', type: 'string_type' },
      { loc: ['path', 'id'], msg: 'Field required', type: 'missing' },
      { loc: ['body'], msg: 'Field required', type: 'missing' },
    ];
    const error = toApiError(httpError(422, { detail }));
    expect(error.message).toBe(
      'meta_title: String should have at most 60 characters; limit: Input should be a valid integer; ' +
        "dimensions.unit: Input should be 'mm' or 'cm'; tags.0: Input should be a valid string; " +
        'id: Field required; Field required',
    );
    expect(error.detail).toBe(detail);
  });

  it('uses the message field when detail is absent or not usable', () => {
    expect(toApiError(httpError(500, { message: 'Database unavailable' })).message).toBe(
      'Database unavailable',
    );
    expect(toApiError(httpError(400, { detail: { code: 7 }, message: 'Bad thing' })).message).toBe(
      'Bad thing',
    );
  });

  it('falls back to HTTP <status> for bodies without detail or message', () => {
    expect(toApiError(httpError(503, { error: 'x' }))).toMatchObject({
      status: 503,
      kind: 'http',
      message: 'HTTP 503',
    });
    expect(toApiError(httpError(500, undefined)).message).toBe('HTTP 500');
    expect(toApiError(httpError(500, [1, 2])).message).toBe('HTTP 500');
  });

  it('unwraps a parse ApiError raised while transforming the response', () => {
    const parse = new ApiError(200, 'Invalid response from server', 'parse');
    expect(toApiError(AxiosError.from(parse, 'ERR_BAD_RESPONSE', config))).toBe(parse);
  });
});

describe('toApiError: no response', () => {
  it('maps a network failure to status 0 "Network error"', () => {
    expect(toApiError(new AxiosError('Network Error', 'ERR_NETWORK', config, {}))).toMatchObject({
      status: 0,
      kind: 'network',
      message: 'Network error',
    });
  });

  it.each(['ECONNABORTED', 'ETIMEDOUT'])('maps %s to a timeout', (code) => {
    expect(toApiError(new AxiosError('timeout of 50ms exceeded', code, config, {}))).toMatchObject({
      status: 0,
      kind: 'timeout',
      message: 'Request timed out',
    });
  });

  it('maps a cancelled request to "Request cancelled"', () => {
    expect(toApiError(new AxiosError('canceled', 'ERR_CANCELED', config))).toMatchObject({
      status: 0,
      message: 'Request cancelled',
    });
  });

  it('returns ApiErrors unchanged and wraps anything else as a network error with its cause', () => {
    const auth = new ApiError(401, 'Authentication failed', 'auth');
    expect(toApiError(auth)).toBe(auth);
    const boom = new TypeError('Failed to fetch');
    expect(toApiError(boom)).toMatchObject({
      status: 0,
      kind: 'network',
      message: 'Network error',
      cause: boom,
    });
  });
});

describe('fieldIssues', () => {
  it('names each field of a 422 once, by its first message, without the location root', () => {
    const error = toApiError(
      httpError(422, {
        detail: [
          { loc: ['body', 'phone'], msg: 'Invalid phone', type: 'pattern' },
          { loc: ['body', 'phone'], msg: 'Too long', type: 'max_length' },
          { loc: ['time_zone'], msg: 'Unknown time zone', type: 'value_error' },
        ],
      }),
    );
    expect(Object.fromEntries(fieldIssues(error))).toEqual({
      phone: 'Invalid phone',
      time_zone: 'Unknown time zone',
    });
  });

  it('is empty for any other failure', () => {
    expect(fieldIssues(toApiError(httpError(409, { detail: 'Conflict' }))).size).toBe(0);
    expect(fieldIssues(new Error('boom')).size).toBe(0);
  });
});
