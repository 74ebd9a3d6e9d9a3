import { getListStockMovementsKey } from '@generated/hooks/variants/variants';
import { preloadFirstPage } from '@/lib/swr/paged-list';

export { StockHistoryDialog } from './StockHistoryDialog';

/** Starts the ledger's first request (the route table, while the screen's code loads). */
export const preloadInventoryLedger = () => preloadFirstPage(getListStockMovementsKey, {});
