/** Bulk edit of list rows: the action bar, one dialog per action and their request. */
export {
  BULK_ACTION_TITLES,
  INHERIT_VAT_RATE,
  type BulkAction,
  type BulkActionKind,
} from './actions';
export { BulkActionBar } from './BulkActionBar';
export { BulkEditDialog, type BulkEditDialogProps } from './BulkEditDialog';
export { useBulkEdit, type BulkEditTarget } from './use-bulk-edit';
export { categoryOptions } from './options';
