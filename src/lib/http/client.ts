import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponseTransformer } from 'axios';
import { getAccessToken } from '@/lib/auth/store';
import { ApiError, parseErrorMessage, toApiError } from './errors';
import { installRefreshInterceptor } from './refresh-interceptor';

/**
 * JSON is parsed here rather than by axios, which silently hands back the raw string when parsing
 * fails; an empty body (204) becomes `undefined`.
 */
const parseJson: AxiosResponseTransformer = function (data: unknown, _headers, status) {
  if (typeof data !== 'string') return data; // blob/arraybuffer requested by the caller
  if (data.trim() === '') return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch (cause) {
    const parseError = new ApiError(status ?? 0, parseErrorMessage(), 'parse', undefined, {
      cause,
    });
    // Wrapped so the request config and status survive: a 401 with a garbled body must still reach
    // the refresh logic. toApiError unwraps it to the ApiError.
    const { response } = this as typeof this & { response?: AxiosError['response'] };
    throw AxiosError.from(parseError, AxiosError.ERR_BAD_RESPONSE, this, null, response);
  }
};

// No default Content-Type: axios then sends objects as application/json and lets the runtime set
// the multipart boundary for FormData (a JSON default would make axios serialise FormData to JSON).
export const httpClient = axios.create({
  // Relative by default: the SPA is served by the API server on the same origin. main.tsx may
  // point it elsewhere (VITE_API_BASE_URL); import.meta is kept out of this file because Orval
  // loads it as CommonJS to read the mutator's signature.
  baseURL: '',
  timeout: 30_000,
  responseType: 'text',
  transformResponse: [parseJson],
});

httpClient.interceptors.request.use((config) => {
  const token = getAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // A request without a body (refresh, logout, cancel…) says nothing about one: otherwise axios
  // labels POSTs `application/x-www-form-urlencoded`, which the server refuses (415).
  if (config.data === undefined || config.data === null) config.headers.setContentType(false);
  return config;
});

// Response interceptors run in registration order: refresh first, then normalisation.
installRefreshInterceptor(httpClient);
httpClient.interceptors.response.use(undefined, (error: unknown) =>
  Promise.reject(toApiError(error)),
);

export function configureHttpClient({
  baseURL,
  timeout,
}: {
  baseURL?: string;
  timeout?: number;
}): void {
  if (baseURL !== undefined) httpClient.defaults.baseURL = baseURL;
  if (timeout !== undefined) httpClient.defaults.timeout = timeout;
}

/** Orval mutator: resolves to the response body, rejects with an ApiError. */
export async function apiClient<T>(
  config: AxiosRequestConfig,
  options?: AxiosRequestConfig,
): Promise<T> {
  // Not axios.mergeConfig: it takes url/method/data from the second argument only.
  const headers = { ...config.headers, ...options?.headers };
  const response = await httpClient.request<T>({ ...config, ...options, headers });
  return response.data;
}

// Orval reads these names from the mutator file to type errors and request bodies. Every failure is
// normalised, so the declared error schema does not change the type.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- Orval passes the schema as E
export type ErrorType<_E> = ApiError;
export type BodyType<B> = B;
