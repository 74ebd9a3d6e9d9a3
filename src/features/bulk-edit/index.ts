/** Bulk edit of list rows: the action bar, one dialog per action and their request. */
export { type BulkActionKind } from './actions';
export { BulkActionBar } from './BulkActionBar';
export { BulkEditDialog } from './BulkEditDialog';
export { useBulkEdit, type BulkEditTarget } from './use-bulk-edit';
export { categoryOptions } from './options';
