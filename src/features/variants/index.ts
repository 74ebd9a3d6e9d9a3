// Public API of the variants feature, used by the product form.
export { VariantsManager, type VariantsManagerProps } from './VariantsManager';
export { SimpleInventoryCard, type SimpleInventoryCardProps } from './SimpleInventoryCard';
