import { expect, it } from 'vitest';
import {
  parseSidebarCookie,
  serializeSidebarCookie,
  SIDEBAR_COOKIE,
  SIDEBAR_COOKIE_MAX_AGE,
} from './sidebar-cookie';

it('lasts 7 days, on the whole site', () => {
  expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604_800);
  expect(serializeSidebarCookie(false)).toBe(
    'sidebar_state=false; path=/; max-age=604800; SameSite=Lax',
  );
  expect(serializeSidebarCookie(true)).toMatch(/^sidebar_state=true;/);
});

it('reads the state back among other cookies', () => {
  expect(parseSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
  expect(parseSidebarCookie(`${SIDEBAR_COOKIE}=true`)).toBe(true);
});

it('has no state when the cookie is missing or unreadable', () => {
  expect(parseSidebarCookie('')).toBeNull();
  expect(parseSidebarCookie('sidebar_state_x=true')).toBeNull();
  expect(parseSidebarCookie('sidebar_state=maybe')).toBeNull();
});

it('round-trips', () => {
  for (const open of [true, false])
    expect(parseSidebarCookie(serializeSidebarCookie(open).split(';')[0]!)).toBe(open);
});
