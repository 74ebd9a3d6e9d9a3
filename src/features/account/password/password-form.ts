import { object, ref, string } from 'yup';
import type { PasswordChange } from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { fieldIssues } from '@/lib/http';
import { t } from '../messages';

/** The Password section's fields, as typed. */
export interface PasswordFormValues {
  current_password: string;
  new_password: string;
  /** The new password again (never sent). */
  confirm_password: string;
}

export type PasswordFormErrors = Partial<Record<keyof PasswordFormValues, string>>;

export const EMPTY_PASSWORD_FORM: PasswordFormValues = {
  current_password: '',
  new_password: '',
  confirm_password: '',
};

/** The contract's bounds of a new password (PasswordChange.new_password). */
const NEW_PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/**
 * What the browser can tell before asking: every field filled, the new password within the
 * contract's bounds, not the current one, typed twice alike. Its strength is the server's call
 * (a 422 on new_password says why).
 */
const passwordSchema = object({
  current_password: string().required(() => t('currentPasswordRequired')),
  new_password: string()
    .required(() => t('newPasswordRequired'))
    .min(NEW_PASSWORD_LENGTH.min, () => t('newPasswordLength', { min: NEW_PASSWORD_LENGTH.min }))
    .max(NEW_PASSWORD_LENGTH.max, () => t('newPasswordTooLong', { max: NEW_PASSWORD_LENGTH.max }))
    .test(
      'differs',
      () => t('newPasswordSame'),
      (value, context) =>
        !value || value !== (context.parent as PasswordFormValues).current_password,
    ),
  confirm_password: string()
    .required(() => t('confirmPasswordRequired'))
    .oneOf([ref('new_password')], () => t('passwordsDiffer')),
});

export const validatePasswordForm = (
  values: PasswordFormValues,
): ValidationResult<PasswordFormValues> => validationSummary(passwordSchema, values);

/** The body of changeMyPassword: the passwords as typed (spaces are part of a password). */
export const toPasswordChange = ({
  current_password,
  new_password,
}: PasswordFormValues): PasswordChange => ({ current_password, new_password });

/** The server's reasons of a refused change (422), on the fields they are about. */
export function passwordFieldErrors(error: unknown): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  for (const [field, message] of fieldIssues(error))
    if (field === 'current_password' || field === 'new_password') errors[field] = message;
  return errors;
}
