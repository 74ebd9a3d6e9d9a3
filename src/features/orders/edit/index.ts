/** Order edits on the order detail (docs/product.md §10.17, §10.23). */
export { EditOrder } from './EditOrder';
