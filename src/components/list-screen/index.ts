/** The list-screen kit: products, orders, customers, categories, VAT rates and users. */
export { ConfirmDialog } from '@/components/ui/ConfirmDialog';
export {
  badgeColumn,
  DataTable,
  paletteBadgeColumn,
  figureColumn,
  serverTable,
  textColumn,
  type Column,
  type RowSelection,
  type ServerTableProps,
} from './DataTable';
export {
  AddButton,
  ListScreen,
  serverListOrLoadError,
  serverListOrUnavailable,
  useListSearch,
} from './ListScreen';
export { FilterSelect, filterChoices, type FilterOption } from './FilterSelect';
export { FilterBar, type FilterBarSelect } from './FilterBar';
export { searchParam, useListSort, useServerList, type ServerListState } from './use-server-list';
export { RowActions, rowActionsColumn, StatusBadge } from './RowActions';
export { LoadErrorState, LoadingState, SEARCH_MAX_LENGTH, UnavailableState } from './states';
export { useCrudDialogs, useDeleteConfirmation } from './use-crud-dialogs';
export { BADGE_PROPS, type BadgeStyle } from './badges';
export { CrudListScreen, crudTexts, type CrudListData, type CrudTexts } from './CrudListScreen';
export { useCrudList } from './use-crud-list';
export { useFilteredList, type FilteredListViewProps } from './use-filtered-list';
export { useCsvExport, useListExport, type CsvExport } from './csv-export';
export { ExportMenu, type ExportChoice } from './ExportMenu';
export { SelectionBar } from './SelectionBar';
export { useKeyedSelection } from './use-keyed-selection';
export { ExportProgress } from './ExportProgress';
export { countText, defineNoun, type Noun } from './count';
