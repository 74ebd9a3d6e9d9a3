import { array, object, string } from 'yup';
import type { ApiTokenCreate } from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import type { Permission } from '@/lib/auth/permissions';
import { shopDayRange } from '@/lib/format';
import { t } from './messages';

/** The Create API token dialog's fields, as typed. */
export interface ApiTokenFormValues {
  name: string;
  scopes: Permission[];
  /** The last day it works, YYYY-MM-DD in the shop's time zone; '' for never. */
  expires_on: string;
}

export const emptyApiTokenValues: ApiTokenFormValues = { name: '', scopes: [], expires_on: '' };

/** The contract's bound of ApiTokenCreate.name. */
const NAME_MAX_LENGTH = 100;

// A type, not an interface: yup's context is a Record.
type ApiTokenFormContext = {
  /** Today in the shop's time zone (YYYY-MM-DD). */
  today: string;
};

/**
 * docs/product.md §10.31 and the contract: a name (trimmed, 1–100 characters), at least one
 * scope, an expiry day not before today (the server wants an instant in the future; the end of
 * today is one).
 */
const apiTokenSchema = object({
  name: string()
    .trim()
    .required(() => t('nameRequired'))
    .max(NAME_MAX_LENGTH, () => t('nameTooLong')),
  scopes: array(string()).min(1, () => t('scopesRequired')),
  expires_on: string().test(
    'not-past',
    () => t('expiryPast'),
    function (day) {
      const { today } = this.options.context as ApiTokenFormContext;
      // YYYY-MM-DD days compare as text.
      return !day || day >= today;
    },
  ),
});

export function validateApiToken(
  values: ApiTokenFormValues,
  today: string,
): ValidationResult<ApiTokenFormValues> {
  const context: ApiTokenFormContext = { today };
  return validationSummary(apiTokenSchema, values, { context });
}

/**
 * The create body of valid values: the name trimmed, the expiry the last instant of its day in
 * the shop's time zone (the day the admin picked is the token's last), null for never.
 */
export function toApiTokenCreate(values: ApiTokenFormValues): ApiTokenCreate {
  return {
    name: values.name.trim(),
    scopes: values.scopes,
    expires_at: values.expires_on ? (shopDayRange('', values.expires_on).date_to ?? null) : null,
  };
}
