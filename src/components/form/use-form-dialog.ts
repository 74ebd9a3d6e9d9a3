import { useFormik, type FormikTouched, type FormikValues } from 'formik';
import type { FormEvent } from 'react';
import { notify } from '@/components/ui/notify';
import type { ValidationResult } from './validation';

type StringField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type BooleanField<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

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

  /** The props of a text-like field bound to `name`: value, change, blur and message. */
  const bind = <K extends StringField<V>>(name: K) => ({
    name,
    value: formik.values[name] as string,
    onChange: (value: string) => setField(name, value as V[K]),
    onBlur: touch(name),
    error: errorOf(name),
  });

  /** The props of a switch bound to the boolean field `name`. */
  const bindSwitch = <K extends BooleanField<V>>(name: K) => ({
    name,
    checked: formik.values[name] as boolean,
    onChange: (checked: boolean) => setField(name, checked as V[K]),
  });

  /** What the FormDialog takes from the form: its state and its submit. */
  const dialog = { submitting: formik.isSubmitting, dirty: formik.dirty, onSubmit: handleSubmit };

  return { formik, values: formik.values, setField, bind, bindSwitch, dialog };
}
