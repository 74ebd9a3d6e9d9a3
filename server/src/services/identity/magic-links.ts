// Customer sign-in by magic link.
//
// send: always the same 202 answer, whether or not a customer has the address (the account is
// created when the link is first used), so the endpoint cannot tell which addresses have an
// account. The work is the same for every address too: a lookup, and one stored token with its
// e-mail enqueued in the same transaction (a `mail.send` job that any instance's worker sends, with
// retries: the answer never waits for the mail server, so neither its speed nor its failures show;
// failures are in the job table for admins). The one exception is a deactivated customer, who gets
// the same answer but no link. The job carries the token sealed (jobs/sealed.ts), never in clear.
// The token is 32 random bytes (base64url); only its SHA-256 is stored, valid 15 minutes, single
// use. Asking again does not cancel earlier links: every unused link of an address stays valid
// until it expires (so a slow first e-mail is not wasted). Used and expired tokens of an address
// are deleted when it asks for a new link.
// Rate limits (in the database: shared by instances, kept across restarts): 3 links per address
// and 10 per client IP in 15 minutes; 10 failed verifications per client IP in 15 minutes (a
// success does not count). 429 + Retry-After.
//
// verify: the token must match an unused, unexpired link of that address (lookup by hash; the
// address compared case-insensitively). One conditional UPDATE claims it, so two verifications
// of one link in parallel give one success. The customer is created on first use (individual,
// shop country); a deactivated one is refused. Every refusal is the same 401.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { toBool } from '../../db/bool';
import { unauthorized } from '../../api/problem';
import type { Schemas } from '../../api/types';
import { findCustomerByEmail, findOrCreateCustomer } from '../orders/customers';
import { normaliseEmail } from '../platform/text-input';
import { TOO_MANY_FAILED_LOGINS, type AuthThrottle, type ThrottlePolicy } from './auth-throttle';
import { startSession, tokenPair } from './refresh-tokens';
import type { SessionClient } from './sessions';
import type { MailMessage } from '../../mail/transport';
import { escapeHtml } from '../../domain/html';
import { enqueueJob } from '../../jobs/queue';
import { seal, unseal } from '../../jobs/sealed';

const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
const MAGIC_LINK_SENT = 'If this address can receive e-mail, a sign-in link is on its way.';
const MAGIC_LINK_INVALID = 'Invalid or expired sign-in link';
const MAGIC_LINK_LIMITS = {
  perEmail: { kind: 'window', max: 3, windowMs: 15 * 60 * 1000 },
  perIp: { kind: 'window', max: 10, windowMs: 15 * 60 * 1000 },
  verifyFailuresPerIp: { kind: 'window', max: 10, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, ThrottlePolicy>;

export function hashMagicLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The sign-in link of an e-mail: the MAGIC_LINK_URL template (by default
 * `<PUBLIC_URL>/auth/magic?token={token}&email={email}`) with the values URL-encoded.
 */
function magicLinkUrl(template: string, token: string, email: string): string {
  return template
    .replaceAll('{token}', encodeURIComponent(token))
    .replaceAll('{email}', encodeURIComponent(email));
}

/** The kind of the jobs that send e-mails. */
export const MAIL_JOB = 'mail.send';

/** The payload of a magic link's `mail.send` job. */
interface MagicLinkMail {
  template: 'magic-link';
  to: string;
  sealed_token: string;
}

function isMagicLinkMail(payload: unknown): payload is MagicLinkMail {
  const mail = payload as Partial<MagicLinkMail> | null;
  return (
    mail?.template === 'magic-link' &&
    typeof mail.to === 'string' &&
    typeof mail.sealed_token === 'string'
  );
}

/** The e-mail of a queued magic link (the `mail.send` job's payload). */
export function magicLinkMessage(
  config: Pick<AppContext['config'], 'jwtSecret' | 'magicLinkUrl'>,
  payload: unknown,
): MailMessage {
  if (!isMagicLinkMail(payload)) throw new Error('Not the payload of a magic-link e-mail');
  const token = unseal(config.jwtSecret, payload.sealed_token);
  const link = magicLinkUrl(config.magicLinkUrl, token, payload.to);
  return { to: payload.to, kind: 'Magic link', ...magicLinkEmail(link, token) };
}

export class MagicLinks {
  constructor(
    private readonly ctx: AppContext,
    private readonly throttle: AuthThrottle,
  ) {}

  async send(rawEmail: string, ip: string): Promise<Schemas['Message']> {
    const email = normaliseEmail(rawEmail);
    await this.throttle.consume(
      [
        { scope: 'magic:email', value: email, policy: MAGIC_LINK_LIMITS.perEmail },
        { scope: 'magic:ip', value: ip, policy: MAGIC_LINK_LIMITS.perIp },
      ],
      'Too many sign-in link requests',
    );
    const now = this.ctx.now();
    const customer = await findCustomerByEmail(this.ctx.db, email);
    if (customer && !toBool(customer.is_active)) return { message: MAGIC_LINK_SENT };

    const token = randomBytes(32).toString('base64url');
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('magic_link_tokens')
        .where('email', '=', email)
        .where((eb) =>
          eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now.toISOString())]),
        )
        .execute();
      await trx
        .insertInto('magic_link_tokens')
        .values({
          email,
          token_hash: hashMagicLinkToken(token),
          expires_at: new Date(now.getTime() + MAGIC_LINK_TTL_MS).toISOString(),
          used_at: null,
          created_at: now.toISOString(),
        })
        .execute();
      const mail: MagicLinkMail = {
        template: 'magic-link',
        to: email,
        sealed_token: seal(this.ctx.config.jwtSecret, token),
      };
      await enqueueJob(trx, {
        kind: MAIL_JOB,
        payload: mail,
        runAt: now,
        maxAttempts: this.ctx.config.jobMaxAttempts,
      });
    });
    return { message: MAGIC_LINK_SENT };
  }

  async verify(
    token: string,
    rawEmail: string,
    client: SessionClient & { ip: string },
  ): Promise<Schemas['TokenPair']> {
    const counted = await this.throttle.consume(
      [
        {
          scope: 'magic-verify:ip',
          value: client.ip,
          policy: MAGIC_LINK_LIMITS.verifyFailuresPerIp,
        },
      ],
      TOO_MANY_FAILED_LOGINS,
    );
    const email = normaliseEmail(rawEmail);
    const now = this.ctx.now();
    const nowIso = now.toISOString();
    const signedIn = await this.ctx.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('magic_link_tokens')
        .set({ used_at: nowIso })
        .where('token_hash', '=', hashMagicLinkToken(token))
        .where('email', '=', email)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) throw unauthorized(MAGIC_LINK_INVALID);
      const customer = await findOrCreateCustomer(trx, email, now, this.ctx.config.shopCountry);
      // Rolls the claim back too: the link works again if the account is reactivated in time.
      if (!toBool(customer.is_active)) throw unauthorized(MAGIC_LINK_INVALID);
      const session = await startSession(trx, {
        userType: 'customer',
        userId: customer.id,
        now,
        client,
      });
      return { userId: customer.id, ...session };
    });
    await this.throttle.release(counted);
    return tokenPair(this.ctx.tokens, 'customer', signedIn, now);
  }
}

function magicLinkEmail(link: string, token: string) {
  const minutes = MAGIC_LINK_TTL_MS / 60_000;
  return {
    subject: 'Your sign-in link',
    text: [
      'Hello,',
      '',
      `Use this link to sign in. It works once and expires in ${minutes} minutes:`,
      '',
      link,
      '',
      `Or enter this code where you asked for the link: ${token}`,
      '',
      'If you did not ask to sign in, ignore this e-mail: nobody can sign in without the link.',
      '',
    ].join('\n'),
    html: [
      '<!doctype html>',
      '<html><body style="font-family: sans-serif; line-height: 1.5">',
      '<p>Hello,</p>',
      `<p>Use this link to sign in. It works once and expires in ${minutes} minutes:</p>`,
      `<p><a href="${escapeHtml(link)}">Sign in</a></p>`,
      `<p>Or enter this code where you asked for the link: <code>${escapeHtml(token)}</code></p>`,
      '<p>If you did not ask to sign in, ignore this e-mail: nobody can sign in without the link.</p>',
      '</body></html>',
      '',
    ].join('\n'),
  };
}
