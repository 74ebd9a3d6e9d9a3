import type { AdminRole } from '@generated/model';

/**
 * The texts a story expects, computed from the fixtures with the browser's own formatting rather
 * than the app's helpers (stories only; never imported by the app).
 */

/** An amount in dinars as the screens show it: '1,234.500 TND'. */
export const expectedMoney = (amount: string | number) =>
  `${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} TND`;

/**
 * The update the variant form sends for the fixtures' first variant (Camel) with its compare-at
 * price, barcode, weight and dimensions emptied: every field, the emptied ones as null.
 */
export const expectedCamelUpdate = {
  option_values: { color: 'Camel' },
  sku: 'SAC-CABAS-CML',
  variant_title: 'Camel',
  price: '189.000',
  compare_at_price: null,
  cost_price: '95.000',
  vat_rate_id: null,
  barcode: null,
  weight: null,
  dimensions: null,
  images: ['/api/v1/media/sac-cabas-camel.jpg'],
  stock_quantity: 12,
  low_stock_threshold: 5,
  track_inventory: true,
  allow_backorder: false,
  is_active: true,
  position: 0,
};

/** A day as the tables show it, in the shop's time zone: '15 Mar 2025' for 2025-03-14T23:30Z. */
export const expectedDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Tunis',
  });

/** A time as the tables show it, in the shop's time zone: '14 Mar 2025, 09:30' for 08:30 UTC. */
const expectedDateTime = (iso: string) => expectedShopTime(iso);

/** A stock movement's cells as the history and the ledger show them (without the variant's). */
export const expectedMovementCells = (m: {
  created_at: string;
  delta: number;
  stock_before: number;
  stock_after: number;
  reason: string | null;
  admin_username: string | null;
  order_number: string | null;
}) => [
  expectedDateTime(m.created_at),
  m.delta > 0 ? `+${m.delta}` : String(m.delta),
  String(m.stock_before),
  String(m.stock_after),
  m.reason ?? '-',
  m.admin_username ?? '-',
  m.order_number ?? '-',
];

/**
 * An amount in dinars as the screens show it in another language ('ar-TN', 'fr-TN'), its spaces
 * as text-content matchers read them (Intl writes non-breaking ones).
 */
export const expectedMoneyIn = (tag: string, amount: string | number) =>
  new Intl.NumberFormat(tag, { style: 'currency', currency: 'TND', minimumFractionDigits: 3 })
    .format(Number(amount))
    .replace(/\s/g, ' ');

/** The day an instant falls on in the shop's time zone (Africa/Tunis), as a date input's value. */
export const expectedShopDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Africa/Tunis' });

/**
 * A time as the screens show it: the shop's (Africa/Tunis, the default), on a 24-hour clock, in
 * `tag`'s language: '14 Mar 2025, 10:30' for 2025-03-14T09:30:00Z.
 */
export const expectedShopTime = (iso: string, tag = 'en-GB') =>
  new Date(iso).toLocaleString(tag, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Africa/Tunis',
  });

/**
 * The Reason of each movement of `movementsOfEveryKind` (mocks/fixtures/stock-movements.ts), newest
 * first, in each language: worded from its kind, order and file; the admin's words as typed.
 * The ledger and a variant's stock history show the same.
 */
export const expectedReasonsOfEveryKind = {
  en: [
    'Casse en réserve',
    'Order ORD-20250308-0003 refunded',
    'Order ORD-20250308-0003 back to confirmed',
    'Order ORD-20250308-0003 cancelled',
    'Order ORD-20250308-0003',
    'CSV import printemps.csv',
    'Inventory update',
    'Variant update',
    'Product inventory update',
    'Initial stock',
  ],
  fr: [
    'Casse en réserve',
    'Commande ORD-20250308-0003 remboursée',
    'Commande ORD-20250308-0003 de nouveau confirmée',
    'Commande ORD-20250308-0003 annulée',
    'Commande ORD-20250308-0003',
    'Import CSV printemps.csv',
    'Mise à jour de l’inventaire',
    'Modification de la variante',
    'Mise à jour de l’inventaire du produit',
    'Stock initial',
  ],
  ar: [
    'Casse en réserve',
    'استرداد الطلب \u2068ORD-20250308-0003\u2069',
    'إعادة تأكيد الطلب \u2068ORD-20250308-0003\u2069',
    'إلغاء الطلب \u2068ORD-20250308-0003\u2069',
    'الطلب \u2068ORD-20250308-0003\u2069',
    'استيراد ملف CSV \u2068printemps.csv\u2069',
    'تحديث المخزون',
    'تعديل المتغيّر',
    'تحديث مخزون المنتج',
    'المخزون الأولي',
  ],
};

/** Every screen of the Management menu, in its order. */
const EVERY_SCREEN = [
  'Dashboard',
  'Products',
  'Orders',
  'Customers',
  'Discounts',
  'Shipping',
  'Inventory Ledger',
  'Categories',
  'VAT Rates',
  'Users',
  'Audit Log',
  'Background Jobs',
  'API Tokens',
  'Webhooks',
  'Settings',
];
/** The menu without the administration screens (users, audit log, jobs, API tokens, webhooks). */
const SHOP_SCREENS = EVERY_SCREEN.filter(
  (s) => !['Users', 'Audit Log', 'Background Jobs', 'API Tokens', 'Webhooks'].includes(s),
);
/** A manager's: the shop's screens and API tokens (api_tokens:manage, docs/product.md §10.31). */
const MANAGER_SCREENS = EVERY_SCREEN.filter(
  (s) => !['Users', 'Audit Log', 'Background Jobs', 'Webhooks'].includes(s),
);

/**
 * The Management menu of an admin of each role, written out from the server's permission matrix
 * (docs/product.md): the navigation's unit test and the layout's stories expect the same.
 */
export const expectedMenus: Record<AdminRole, readonly string[]> = {
  super_admin: EVERY_SCREEN,
  admin: EVERY_SCREEN,
  manager: MANAGER_SCREENS,
  support: SHOP_SCREENS,
  inventory_manager: [
    'Dashboard',
    'Products',
    'Shipping',
    'Inventory Ledger',
    'Categories',
    'VAT Rates',
    'Settings',
  ],
};
