/** docs/product.md §4/§9: the sidebar's open/collapsed state survives reloads in a cookie for 7 days. */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** The stored state in a `document.cookie` string: true open, false collapsed, null none. */
export function parseSidebarCookie(cookies: string): boolean | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE) return value === 'true' ? true : value === 'false' ? false : null;
  }
  return null;
}

/** The `document.cookie` assignment that stores `open`. */
export function serializeSidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export function readSidebarState(): boolean | null {
  return typeof document === 'undefined' ? null : parseSidebarCookie(document.cookie);
}

export function writeSidebarState(open: boolean): void {
  if (typeof document !== 'undefined') document.cookie = serializeSidebarCookie(open);
}
