import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { personalWords, weakPasswordReason } from './auth/password-strength';
import { hashPassword } from './auth/passwords';
import type { Config } from './config';
import type { Database } from './db/schema';

/**
 * Tunisian VAT rates, in force since 1 January 2018: Finance Law 2018 (Loi n° 2017-66 du
 * 18 décembre 2017 portant loi de finances pour l'année 2018), article 43, raised 18 % → 19 %,
 * 12 % → 13 % and 6 % → 7 %; exports and exempt supplies are at 0 %.
 */
const TUNISIAN_VAT_RATES = [
  {
    name: 'TVA standard 19%',
    rate_bp: 1900,
    is_default: 1,
    description: 'Standard rate (most goods and services)',
  },
  {
    name: 'TVA réduite 13%',
    rate_bp: 1300,
    is_default: 0,
    description: 'Reduced rate (e.g. goods transport, some professional services)',
  },
  {
    name: 'TVA réduite 7%',
    rate_bp: 700,
    is_default: 0,
    description: 'Reduced rate (e.g. medical services, tourism, some basic goods)',
  },
  { name: 'TVA 0%', rate_bp: 0, is_default: 0, description: 'Exports and exempt supplies' },
] as const;
const EFFECTIVE_FROM = '2018-01-01T00:00:00.000Z';

export interface BootstrapResult {
  /** Set when the first super admin was created with a generated password (shown once). */
  generatedAdminPassword?: string;
  /**
   * Why ADMIN_PASSWORD is too weak for the console's own rule, when it is. The first admin is
   * created anyway (refusing would stop a first start that scripts or tests rely on), and the
   * start prints this as a warning: change it on My account.
   */
  weakAdminPassword?: string;
  createdAdmin: boolean;
  seededVatRates: boolean;
}

/** First start on an empty database: the Tunisian VAT rates and a super admin. Idempotent. */
export async function bootstrap(db: Kysely<Database>, config: Config): Promise<BootstrapResult> {
  const result: BootstrapResult = { createdAdmin: false, seededVatRates: false };
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const anyRate = await trx.selectFrom('vat_rates').select('id').limit(1).executeTakeFirst();
    if (!anyRate) {
      await trx
        .insertInto('vat_rates')
        .values(
          TUNISIAN_VAT_RATES.map((r) => ({
            ...r,
            country_code: config.shopCountry,
            is_active: 1 as const,
            effective_from: EFFECTIVE_FROM,
            effective_to: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      result.seededVatRates = true;
    }
    const anyAdmin = await trx.selectFrom('admin_users').select('id').limit(1).executeTakeFirst();
    if (!anyAdmin) {
      const password = config.adminPassword ?? randomBytes(12).toString('base64url');
      if (!config.adminPassword) result.generatedAdminPassword = password;
      else {
        const weak = await weakPasswordReason(
          password,
          personalWords(config.adminUsername, `${config.adminUsername}@example.com`),
        );
        if (weak !== null) result.weakAdminPassword = weak;
      }
      await trx
        .insertInto('admin_users')
        .values({
          username: config.adminUsername,
          // example.com is reserved for examples: the admin changes it in the Users screen.
          email: `${config.adminUsername}@example.com`,
          full_name: 'Administrator',
          role: 'super_admin',
          is_active: 1,
          password_hash: await hashPassword(password),
          last_login: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      result.createdAdmin = true;
    }
  });
  return result;
}
