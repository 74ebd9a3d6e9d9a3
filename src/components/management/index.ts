/** Building blocks of the management screens (categories, VAT rates, users). */
export { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
export { FormDialog } from './FormDialog';
export { SelectField, SwitchField, TextAreaField, TextField } from './fields';
export { ManagementTable, type ManagementColumn } from './ManagementTable';
export { RowActions } from './RowActions';
export { LoadErrorState, LoadingState, SearchInput, StatusBadge } from './states';
export { useFormDialog } from './form-helpers';
export { validationSummary, type ValidationResult } from './validation';
export { useCrudDialogs } from './use-crud-dialogs';
