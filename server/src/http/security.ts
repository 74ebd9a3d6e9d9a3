// The HTTP edge: security headers on every answer (console, API, media), HSTS only for requests
// that came over TLS, and the request log without credentials.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/**
 * The console's Content-Security-Policy: its own scripts only (the built index.html has no inline
 * script), inline styles because Chakra/Emotion inject <style> elements, images also from data:
 * and blob: (previews of files being uploaded), no framing, no plugins.
 */
const CONSOLE_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** Media answers: shown as-is, never run (an uploaded file must not act as a page of the shop). */
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox";

/** One year; sent only on answers to requests that came over https (see registerSecurityHeaders). */
const HSTS_VALUE = 'max-age=31536000';

/**
 * `mediaOrigins`: where else the console's images and videos come from (the object store that
 * media GETs redirect to, see mediaReadOrigins).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  mediaOrigins: readonly string[] = [],
): void {
  const directives = {
    ...CONSOLE_CSP,
    'img-src': [...CONSOLE_CSP['img-src'], ...mediaOrigins],
    'media-src': [...CONSOLE_CSP['media-src'], ...mediaOrigins],
  };
  // Helmet's middleware, made once: @fastify/helmet made it again for every request (helmet()
  // parses the CSP directives each time), a twentieth of a cached list answer's time.
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media may be shown by a storefront on another origin; the console and API stay same-site.
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Set per request below: only a request that came over TLS (directly or, with TRUST_PROXY,
    // through X-Forwarded-Proto https) may pin the browser to https.
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}

/** Query parameters whose values are credentials and never go to the log. */
const SECRET_QUERY_PARAMS = new Set(['refresh_token', 'token', 'signature', 'access_token']);
/**
 * What our tokens look like: refresh tokens and magic-link tokens are 43 base64url characters
 * (a longer run may hide one), access tokens are JWTs.
 */
const TOKEN_LIKE = /[A-Za-z0-9_-]{43,}|eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/;
const JWT_LIKE = /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;
const REDACTED = '[REDACTED]';

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/**
 * The URL as the log may show it. The query string of a sign-in path (any path with an `auth`
 * segment: the API's refresh and logout, the console's magic-link page) is left out whole; elsewhere the value of a credential parameter, and any value that
 * looks like one of our tokens whatever its name (`refresh_token[]=…`, `x=1;refresh_token=…`,
 * percent-encoded), becomes [REDACTED]; a JWT in the path too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(JWT_LIKE, REDACTED);
  if (q < 0) return path;
  if (/\/auth(\/|$)/i.test(decoded(path))) return `${path}?${REDACTED}`;
  const query = url
    .slice(q + 1)
    .split(/([&;])/)
    .map((pair, i) => {
      if (i % 2 === 1) return pair; // a separator
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      const name = decoded(rawName);
      if (TOKEN_LIKE.test(name)) return REDACTED;
      if (SECRET_QUERY_PARAMS.has(name.toLowerCase().replace(/\[.*$/, ''))) {
        return `${rawName}=${REDACTED}`;
      }
      if (eq >= 0 && TOKEN_LIKE.test(decoded(pair.slice(eq + 1)))) return `${rawName}=${REDACTED}`;
      return pair;
    })
    .join('');
  return `${path}?${query}`;
}

/**
 * Logger options for Fastify: the request serializer logs the URL with credentials redacted,
 * and whatever else logs headers gets Authorization and Cookie censored.
 */
export function safeLoggerOptions<T extends object>(options: T) {
  return {
    ...options,
    serializers: {
      ...('serializers' in options ? (options.serializers as object) : {}),
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'request.headers.authorization',
      ],
      censor: '[REDACTED]',
    },
  };
}
