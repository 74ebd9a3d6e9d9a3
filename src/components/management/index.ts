/** Building blocks of the management list screens (categories, VAT rates, users). */
export { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
export { ManagementTable, type ManagementColumn } from './ManagementTable';
export { RowActions } from './RowActions';
export { LoadErrorState, LoadingState, SearchInput, StatusBadge } from './states';
export { useCrudDialogs } from './use-crud-dialogs';
