/** The form kit: labelled fields, the create/edit dialog and its Formik/yup plumbing. */
export { CheckboxesField } from './CheckboxesField';
export {
  MoneyField,
  NUMBER_INPUT,
  PasswordField,
  Select,
  SelectField,
  SwitchField,
  TextAreaField,
  TextField,
  type Option,
} from './fields';
export { focusFirstInvalidField } from './focus-invalid';
export { FormDialog } from './FormDialog';
export { FormSection } from './FormSection';
export { RadioField } from './RadioField';
export { RemovableChip } from './RemovableChip';
export { useChildForm, type ChildFormProps } from './use-child-form';
export { bindText, useFormDialog, type ItemFormDialogProps } from './use-form-dialog';
export { validationSummary, type ValidationResult } from './validation';
