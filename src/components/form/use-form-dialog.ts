import { useFormik, type FormikProps, type FormikTouched, type FormikValues } from 'formik';
import type { FormEvent } from 'react';
import { notify } from '@/components/ui/notify';
import { t } from './messages';
import type { ValidationResult } from './validation';

type StringField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type BooleanField<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/**
 * The props of a text-like kit field bound to the Formik form's string field `name`: its value,
 * its change and blur (which validate), and its message once it was touched.
 */
export function bindText<V extends FormikValues>(
  form: Pick<FormikProps<V>, 'values' | 'errors' | 'touched' | 'setFieldValue' | 'handleBlur'>,
  name: StringField<V>,
) {
  const error = form.errors[name];
  return {
    name,
    value: form.values[name] as string,
    onChange: (value: string) => void form.setFieldValue(name, value),
    onBlur: form.handleBlur,
    error: form.touched[name] && typeof error === 'string' ? error : undefined,
  };
}

/** The props of a create/edit dialog of one item (it is mounted afresh at each opening). */
export interface ItemFormDialogProps<T, V> {
  open: boolean;
  /** The item being edited; null: a new one. */
  item: T | null;
  /** Saves; the container closes the dialog on success and reports the outcome. */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
}

interface FormDialogOptions<T, V extends FormikValues> {
  /** The values of a new item (`empty`), and those of the item edited (`of`). */
  values: { empty: V; of: (item: T) => V };
  validate: (values: V) => ValidationResult<V>;
  /** [title to create, title to edit]: ['Create User', 'Edit User']. */
  titles: readonly [string, string];
  /** When set, an invalid submit also shows an error toast with this title and the summary. */
  invalidTitle?: string;
}

/**
 * Formik state of a create/edit dialog: validation on change once a field was touched, and on
 * submit every field's message at once (plus the summary toast when `invalidTitle` is set); no
 * request is made while the values are invalid. `dialog` holds every prop of its FormDialog.
 */
export function useFormDialog<T, V extends FormikValues>(
  { open, item, onSubmit, onClose }: ItemFormDialogProps<T, V>,
  { values, validate, titles, invalidTitle }: FormDialogOptions<T, V>,
) {
  const editing = item !== null;
  const formik = useFormik<V>({
    initialValues: item === null ? values.empty : values.of(item),
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

  /** Sets a field's value (a touched field's message follows as it is typed). */
  const setField = <K extends keyof V & string>(name: K, value: V[K]) => {
    void formik.setFieldValue(name, value, true);
  };

  /** The props of a text-like field bound to `name`: value, change, blur and message. */
  const bind = (name: StringField<V>) => bindText(formik, name);

  /** The props of a switch bound to the boolean field `name`. */
  const bindSwitch = <K extends BooleanField<V>>(name: K) => ({
    name,
    checked: formik.values[name] as boolean,
    onChange: (checked: boolean) => setField(name, checked as V[K]),
  });

  /**
   * The message of any field once it was touched (a list field, which has no blur, is touched
   * by a submit), else undefined.
   */
  const errorOf = (name: keyof V & string): string | undefined => {
    const error = formik.errors[name];
    return formik.touched[name] && typeof error === 'string' ? error : undefined;
  };

  /** What the FormDialog takes from the form: its state and its submit. */
  const dialog = {
    open,
    onClose,
    title: editing ? titles[1] : titles[0],
    submitLabel: editing ? t('update') : t('create'),
    submitting: formik.isSubmitting,
    dirty: formik.dirty,
    onSubmit: handleSubmit,
  };

  return { editing, values: formik.values, setField, bind, bindSwitch, errorOf, dialog };
}
