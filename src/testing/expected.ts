/**
 * The texts a story expects, computed from the fixtures with the browser's own formatting rather
 * than the app's helpers (stories only; never imported by the app).
 */

/** An amount in dinars as the screens show it: '1,234.500 TND'. */
export const expectedMoney = (amount: string | number) =>
  `${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} TND`;

/** A day as the tables show it: '14 Mar 2025' (UTC). */
export const expectedDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
