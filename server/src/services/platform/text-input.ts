// Text fields as the services store them: trimmed, a blank optional text is no text (null), a
// blank required one is refused with a 422 on its field.
import { invalid } from '../../api/problem';

/** Trimmed; blank after trimming is a 422 on the body field with `message`. */
export function requiredText(value: string, field: string, message = 'Must not be blank'): string {
  const trimmed = value.trim();
  if (trimmed === '') throw invalid(['body', field], message);
  return trimmed;
}

/** Trimmed; blank (or absent) becomes null. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** E-mail addresses are compared and stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
