// Authenticator-app codes (TOTP, RFC 6238) with the otpauth library: SHA-1, 6 digits, 30-second
// steps, the settings every authenticator app reads from an otpauth:// URI. A code is accepted
// from the step before to the step after the server's (clocks of phones drift a little), and the
// caller remembers the step it accepted so that the same code never passes twice.
import { Secret, TOTP } from 'otpauth';

const PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps accepted on either side of the current one. */
const WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

/** A new random secret, in base32 (what an app takes typed, and what the URI carries). */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI an app scans: `issuer` names the shop, `label` the account. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return new TOTP({ ...PARAMETERS, issuer, label, secret: Secret.fromBase32(secret) }).toString();
}

/** The 30-second step a code of `secret` belongs to, at `now` ±1 step; null for a wrong code. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ ...PARAMETERS, secret: Secret.fromBase32(secret) });
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}
