// The VAT number checker the server uses: VIES online when VIES_URL is set (falling back to the
// format check when VIES cannot be reached in time), otherwise the offline format check.
//
// VIES answers (valid or not) are cached for a day per country and normalised number in the
// database (vat_number_checks), so every server instance shares them and a restart keeps them:
// validate-vat and checkout ask VIES at most once a day per number. A failure to reach VIES is
// not cached (the next check tries again).
//
// validate-vat is throttled (services/identity/auth-throttle.ts, shared by the instances): at most
// VALIDATE_VAT_PER_CUSTOMER checks a minute per customer and VALIDATE_VAT_PER_ADDRESS per client
// address; beyond, 429 with Retry-After.
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import {
  createViesChecker,
  formatVatNumberChecker,
  validateVatNumber,
  viesResult,
  type VatNumberChecker,
} from '../../domain/vat-number';
import type { Schemas } from '../../api/types';
import { AuthThrottle } from '../identity/auth-throttle';
import { requireActiveCustomer } from '../orders/customers';

export const VIES_CACHE_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
export const VALIDATE_VAT_PER_CUSTOMER = 10;
export const VALIDATE_VAT_PER_ADDRESS = 30;
const TOO_MANY_VAT_CHECKS = 'Too many VAT number checks';

interface CheckerContext {
  config: Pick<Config, 'viesUrl' | 'viesTimeoutMs'>;
  db: Db;
  now(): Date;
}

export function vatNumberCheckerFor(ctx: CheckerContext): VatNumberChecker {
  return ctx.config.viesUrl === undefined
    ? formatVatNumberChecker
    : cachedChecker(
        ctx,
        createViesChecker({ url: ctx.config.viesUrl, timeoutMs: ctx.config.viesTimeoutMs }),
      );
}

/** `vies` answered from the day's cached answer when there is one, else asked and cached. */
function cachedChecker(ctx: CheckerContext, vies: VatNumberChecker): VatNumberChecker {
  return {
    check: async (vatNumber, countryCode) => {
      const offline = validateVatNumber(vatNumber, countryCode);
      // Numbers VIES is never asked about (invalid format, not EU): nothing to cache.
      if (!offline.valid || !offline.is_eu) return vies.check(vatNumber, countryCode);
      const key = { country_code: offline.country_code, vat_number: offline.normalised };
      const now = ctx.now().getTime();
      const cached = await ctx.db
        .selectFrom('vat_number_checks')
        .select('valid')
        .where('country_code', '=', key.country_code)
        .where('vat_number', '=', key.vat_number)
        .where('checked_at', '>', now - VIES_CACHE_MS)
        .executeTakeFirst();
      if (cached) return viesResult(offline, Number(cached.valid) === 1);
      const result = await vies.check(vatNumber, countryCode);
      if (result.check === 'vies') {
        const row = { valid: result.valid ? 1 : 0, checked_at: now };
        await ctx.db
          .insertInto('vat_number_checks')
          .values({ ...key, ...row })
          .onConflict((oc) => oc.columns(['country_code', 'vat_number']).doUpdateSet(row))
          .execute();
        // Answers older than the cache's life are of no use: keep the table small.
        await ctx.db
          .deleteFrom('vat_number_checks')
          .where('checked_at', '<=', now - VIES_CACHE_MS)
          .execute();
      }
      return result;
    },
  };
}

/**
 * validate-vat for a signed-in customer from a client address: throttled (429 beyond the
 * bounds), then the check (cached VIES, or the format).
 */
export async function validateVatForCustomer(
  ctx: CheckerContext & { config: Pick<Config, 'shopCountry'> },
  checker: VatNumberChecker,
  caller: { customerId: number; address: string },
  body: Schemas['VatValidationRequest'],
): Promise<Schemas['VatValidationResult']> {
  await requireActiveCustomer(ctx.db, caller.customerId);
  await new AuthThrottle(ctx.db, () => ctx.now()).consume(
    [
      {
        scope: 'validate-vat:customer',
        value: String(caller.customerId),
        policy: { kind: 'window', max: VALIDATE_VAT_PER_CUSTOMER, windowMs: MINUTE_MS },
      },
      {
        scope: 'validate-vat:address',
        value: caller.address,
        policy: { kind: 'window', max: VALIDATE_VAT_PER_ADDRESS, windowMs: MINUTE_MS },
      },
    ],
    TOO_MANY_VAT_CHECKS,
  );
  const result = await checker.check(body.vat_number, body.country_code);
  return {
    valid: result.valid,
    vat_number: result.normalised,
    country_code: result.country_code,
    check: result.check,
    is_eu: result.is_eu,
    reverse_charge_eligible:
      result.valid && result.is_eu && result.country_code !== ctx.config.shopCountry,
    message: result.message,
  };
}
