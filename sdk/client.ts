// The HTTP client of the packaged SDK (npm run sdk:pack, #31): the generated functions call
// apiClient, as the console's do (src/lib/http/client.ts), but this one knows nothing of the
// console (no stores, no browser storage, no translations). The integrating program says where the
// shop is and how to get a token; on a 401 it may refresh once and the request is sent again.
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';

/** How the SDK reaches the shop. */
export interface ShopApiOptions {
  /** The shop's address, e.g. `https://shop.example.tn` (the API is under /api/v1). */
  baseURL: string;
  /** The bearer token of each request: an access token or an API token; none for public calls. */
  token?: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Called once on a 401 (several requests failing together share one call): exchange the
   * refresh token for a new pair, store it where `token` reads it and resolve true; the request
   * is then sent again. Resolve false (or omit it) to let the 401 reach the caller.
   */
  refresh?: () => Promise<boolean>;
  /** Milliseconds before a request is abandoned (30 s by default). */
  timeout?: number;
}

/** What every failed call rejects with: the HTTP status (0 without an answer) and the body's detail. */
export class ShopApiError extends Error {
  override readonly name = 'ShopApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The body's `detail`: a sentence, or the list of a 422's problems. */
    readonly detail?: unknown,
    /** The whole error body. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

const http = axios.create({ timeout: 30_000 });
let settings: ShopApiOptions | null = null;
let refreshing: Promise<boolean> | null = null;

/** Points the SDK at a shop; call it before any other function. */
export function configureShopApi(options: ShopApiOptions): void {
  settings = options;
  http.defaults.baseURL = options.baseURL.replace(/\/+$/, '');
  http.defaults.timeout = options.timeout ?? 30_000;
}

const RETRIED = Symbol('retried');
const SENT_WITH = Symbol('sent with');
type SentConfig = AxiosRequestConfig & { [RETRIED]?: true; [SENT_WITH]?: string | null };

http.interceptors.request.use(async (config) => {
  if (!settings) throw new Error('Call configureShopApi({ baseURL }) before using the SDK');
  const token = (await settings.token?.()) ?? null;
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  (config as SentConfig)[SENT_WITH] = token;
  return config;
});
/** Sign-in and refresh answer 401 for a wrong credential: refreshing would not help (or loop). */
const CREDENTIAL_CALLS = /\/auth\/(login|refresh)$/;

http.interceptors.response.use(undefined, async (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401 && settings?.refresh) {
    const config = error.config as SentConfig | undefined;
    if (config && !config[RETRIED] && !CREDENTIAL_CALLS.test(config.url ?? '')) {
      const again: SentConfig = { ...config, [RETRIED]: true };
      // Sent before another request's refresh ended: the new token may already be there.
      const current = (await settings.token?.()) ?? null;
      if (current !== null && current !== config[SENT_WITH]) return http.request(again);
      refreshing ??= settings.refresh().finally(() => {
        refreshing = null;
      });
      if (await refreshing) return http.request(again);
    }
  }
  throw asShopApiError(error);
});

function asShopApiError(error: unknown): ShopApiError {
  if (!(error instanceof AxiosError)) {
    return new ShopApiError(0, error instanceof Error ? error.message : String(error));
  }
  const body: unknown = error.response?.data;
  const detail =
    typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  const status = error.response?.status ?? 0;
  const message =
    typeof detail === 'string'
      ? detail
      : Array.isArray(detail)
        ? detail.map((issue: { msg?: unknown }) => String(issue?.msg ?? issue)).join('; ')
        : status === 0
          ? `No answer from the shop: ${error.message}`
          : `HTTP ${status}`;
  return new ShopApiError(status, message, detail, body);
}

/** Orval's mutator: resolves to the response body, rejects with a ShopApiError. */
export async function apiClient<T>(
  config: AxiosRequestConfig,
  options?: AxiosRequestConfig,
): Promise<T> {
  const headers = { ...config.headers, ...options?.headers };
  const response = await http.request<T>({ ...config, ...options, headers });
  return response.data;
}

// Orval reads these names from the mutator's file to type errors and request bodies.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- Orval passes the schema as E
export type ErrorType<_E> = ShopApiError;
export type BodyType<B> = B;
