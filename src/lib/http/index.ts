export {
  apiClient,
  configureHttpClient,
  httpClient,
  type BodyType,
  type ErrorType,
} from './client';
export {
  ApiError,
  AUTH_FAILED_MESSAGE,
  CANCELLED_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  PARSE_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  fromResponseBody,
  toApiError,
  type ApiErrorKind,
} from './errors';
export { installRefreshInterceptor } from './refresh-interceptor';
export { serverMessage } from './error-message';
