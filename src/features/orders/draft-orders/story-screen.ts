import { paths } from '@/lib/paths';
import { adminScreenMeta, standIn } from '@/testing/admin-screen';
import { DraftOrderPage } from './DraftOrderPage';

/*
 * Stories only: the staff order screen as the story files of a new draft show it, for their
 * one-line metas (`const meta = { title: 'Orders/…', ...newDraftScreen() };`).
 */

/** A stand-in for the order detail a completed draft opens. */
const OrderStandIn = standIn('order-stand-in', 'Order detail');

/**
 * The staff order screen at /admin/orders/new, routed as the app does: the draft it creates
 * opens at /admin/orders/drafts/{id}, and once completed the order detail's stand-in shows.
 */
export const newDraftScreen = (parameters?: Record<string, unknown>) =>
  adminScreenMeta(DraftOrderPage, paths.orders.create, {
    routes: [
      [paths.orders.create, DraftOrderPage],
      [paths.orders.draftPattern, DraftOrderPage],
      [paths.orders.detailPattern, OrderStandIn],
    ],
    ...(parameters && { parameters }),
  });
