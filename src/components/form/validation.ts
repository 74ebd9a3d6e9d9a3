import type { FormikErrors } from 'formik';
import { ValidationError, type AnySchema } from 'yup';
import { t } from './messages';

/** A form's validation outcome: per-field messages and the one sentence a toast would show. */
export interface ValidationResult<V> {
  errors: FormikErrors<V>;
  /** Null when the values are valid. */
  summary: string | null;
}

/**
 * Validates `values` with a yup schema (every rule, not just the first). The summary is
 * `requiredSummary` ('Please fill in all required fields' unless the form says otherwise) when any
 * required field is missing (yup's `required` rule), else the first other failure's message in
 * schema order.
 */
export function validationSummary<V>(
  schema: AnySchema,
  values: V,
  {
    requiredSummary = t('requiredFields'),
    context,
  }: { requiredSummary?: string; context?: Record<string, unknown> } = {},
): ValidationResult<V> {
  try {
    schema.validateSync(values, { abortEarly: false, context });
    return { errors: {}, summary: null };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const issues = error.inner.length ? error.inner : [error];
    const errors: Record<string, string> = {};
    // One message per field: 'required' when it applies, else the field's first failure.
    for (const issue of issues)
      if (issue.path && (!errors[issue.path] || issue.type === 'required'))
        errors[issue.path] = issue.message;
    const summary = issues.some((issue) => issue.type === 'required')
      ? requiredSummary
      : (issues[0]?.message ?? requiredSummary);
    return { errors: errors as FormikErrors<V>, summary };
  }
}
