/** The shop's time zone when its settings are not known yet (docs/product.md §10.17). */
export const DEFAULT_TIME_ZONE = 'Africa/Tunis';

let shopTimeZone = DEFAULT_TIME_ZONE;

/** Times are shown in the shop's time zone (its setting), not the browser's and not UTC. */
export function setShopTimeZone(zone: string | null | undefined): void {
  shopTimeZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

export function getShopTimeZone(): string {
  return shopTimeZone;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
