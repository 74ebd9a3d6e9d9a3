// Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a browser that
// signed in as an admin gets an HttpOnly cookie naming that username and a random nonce, signed
// with a key derived from the server's secret. Sign-in attempts carrying a valid one for the
// username typed are throttled per device instead of per client address and username, so
// strangers failing from the same address (a shop's NAT, a proxy without TRUST_PROXY) or with the
// same username never lock that browser out. Nothing is stored on the server: the throttle keys
// on the nonce.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normaliseLogin } from '../auth/usernames';

const COOKIE_NAME = 'admin_device';
/** The admin sign-in endpoints only (the cookie has no use elsewhere). */
const COOKIE_PATH = '/api/v1/admin/auth';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** A cookie value longer than this is not ours (usernames are bounded by the contract). */
const MAX_VALUE_LENGTH = 1024;

/** The value of one cookie of a Cookie header (no quoting or decoding: ours is base64url). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

interface DeviceCookies {
  /** The device id (nonce) of a valid device cookie for this username, or null. */
  read(request: FastifyRequest, username: string): string | null;
  /** Gives the browser a new device cookie for this username (after a successful sign-in). */
  issue(request: FastifyRequest, reply: FastifyReply, username: string): void;
}

export function deviceCookies(serverSecret: string): DeviceCookies {
  // A key of its own, so a cookie's MAC can never pass for another of the secret's uses.
  const key = createHmac('sha256', serverSecret).update('device-cookie').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    read(request, username) {
      const value = cookieValue(request.headers.cookie, COOKIE_NAME);
      if (!value || value.length > MAX_VALUE_LENGTH) return null;
      const [login, nonce, signature, ...rest] = value.split('.');
      if (!login || !nonce || !signature || rest.length > 0) return null;
      const expected = mac(`${login}.${nonce}`);
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Buffer.from(login, 'base64url').toString('utf8') !== normaliseLogin(username))
        return null;
      return nonce;
    },
    issue(request, reply, username) {
      const login = Buffer.from(normaliseLogin(username), 'utf8').toString('base64url');
      const nonce = randomBytes(16).toString('base64url');
      const signature = mac(`${login}.${nonce}`).toString('base64url');
      const attributes = [
        `${COOKIE_NAME}=${login}.${nonce}.${signature}`,
        `Path=${COOKIE_PATH}`,
        `Max-Age=${MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(request.protocol === 'https' ? ['Secure'] : []),
      ];
      reply.header('set-cookie', attributes.join('; '));
    },
  };
}
