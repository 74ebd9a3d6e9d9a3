import { useId, useState } from 'react';

/**
 * The state a FormDialog shares with a form it mounts afresh at each opening (FormDialog's
 * `formId` case): `dialog` goes to the FormDialog (its submit button, its wait and its question
 * before closing), `form` to the form, which reports whether it is dirty or submitting.
 */
export function useChildForm() {
  const formId = useId();
  const [submitting, setSubmitting] = useState(false);
  const [dirty, setDirty] = useState(false);
  return {
    dialog: { formId, submitting, dirty },
    form: { id: formId, onDirty: setDirty, onSubmitting: setSubmitting },
  };
}

/** The props `useChildForm` gives the form. */
export type ChildFormProps = ReturnType<typeof useChildForm>['form'];
