export { configureHttpClient } from './client';
export { ApiError, AUTH_FAILED_MESSAGE, fieldIssues, fromResponseBody } from './errors';
export { serverMessage } from './error-message';
export { httpClient } from './client';
