/** The line picker of staff orders and order edits (docs/product.md §10.23). */
export { VariantSearch } from './VariantSearch';
export {
  MAX_QUANTITY,
  PickerLines,
  type LineOverride,
  type PickedVariant,
  type PickerLine,
} from './PickerLines';
