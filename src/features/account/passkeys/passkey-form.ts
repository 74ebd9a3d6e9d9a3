import { object, string } from 'yup';
import { validationSummary, type ValidationResult } from '@/components/form';
import { t } from './messages';

/** The contract's bound of a passkey's name (PasskeyRegistration, PasskeyUpdate). */
export const PASSKEY_NAME_MAX = 60;

export interface PasskeyNameValues {
  name: string;
}

const schema = object({
  name: string()
    .trim()
    .required(() => t('nameRequired'))
    .max(PASSKEY_NAME_MAX, () => t('nameTooLong', { max: PASSKEY_NAME_MAX })),
});

/** A name is required and at most 60 characters once trimmed (the server trims it too). */
export function validatePasskeyName(
  values: PasskeyNameValues,
): ValidationResult<PasskeyNameValues> {
  return validationSummary(schema, values);
}
