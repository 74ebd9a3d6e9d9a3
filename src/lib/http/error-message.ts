import { ApiError } from './errors';

/**
 * What a failure toast says (docs/product.md §8: "the server's message, or 'Failed to …'"): the message the
 * server sent (`detail`, else `message`), or `fallback` when there is none — network failure,
 * timeout, unreadable body, or an error body without a message (`HTTP <status>`).
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.message &&
    error.message !== `HTTP ${error.status}`
  )
    return error.message;
  return fallback;
}
