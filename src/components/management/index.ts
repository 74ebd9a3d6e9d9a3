/** The form dialogs of the management screens (categories, VAT rates, users). */
export { FormDialog } from './FormDialog';
export { SelectField, SwitchField, TextAreaField, TextField } from './fields';
export { useFormDialog } from './form-helpers';
export { validationSummary, type ValidationResult } from './validation';
