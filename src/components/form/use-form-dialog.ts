import { useFormik, type FormikTouched, type FormikValues } from 'formik';
import type { FormEvent } from 'react';
import { notify } from '@/components/ui/notify';
import type { ValidationResult } from './validation';

interface FormDialogOptions<V extends FormikValues> {
  initialValues: V;
  validate: (values: V) => ValidationResult<V>;
  /** Saves; the dialog's container closes it on success and reports failures itself. */
  onSubmit: (values: V) => Promise<unknown>;
  /** When set, an invalid submit also shows an error toast with this title and the summary. */
  invalidTitle?: string;
}

/**
 * Formik state of a create/edit dialog: validation on change once a field was touched, and on
 * submit every field's message at once (plus the summary toast when `invalidTitle` is set); no
 * request is made while the values are invalid.
 */
export function useFormDialog<V extends FormikValues>({
  initialValues,
  validate,
  onSubmit,
  invalidTitle,
}: FormDialogOptions<V>) {
  const formik = useFormik<V>({
    initialValues,
    validate: (values) => validate(values).errors,
    onSubmit: async (values) => {
      await onSubmit(values);
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (formik.isSubmitting) return;
    const result = validate(formik.values);
    if (result.summary !== null) {
      const touched = Object.fromEntries(
        Object.keys(formik.values).map((name) => [name, true]),
      ) as FormikTouched<V>;
      void formik.setTouched(touched, false);
      formik.setErrors(result.errors);
      if (invalidTitle) notify.error(invalidTitle, result.summary);
      return;
    }
    void formik.submitForm();
  };

  /** The field's message once it was touched (or a submit was tried), else undefined. */
  const errorOf = (name: keyof V & string): string | undefined => {
    const message = formik.errors[name];
    return formik.touched[name] && typeof message === 'string' ? message : undefined;
  };

  /** Sets a field's value (a touched field's message follows as it is typed). */
  const setField = <K extends keyof V & string>(name: K, value: V[K]) => {
    void formik.setFieldValue(name, value, true);
  };

  /** Marks a field touched when it loses focus: its message shows from then on. */
  const touch = (name: keyof V & string) => () => {
    void formik.setFieldTouched(name, true, true);
  };

  return { formik, values: formik.values, handleSubmit, errorOf, setField, touch };
}
