// Row → API value conversions shared by every presenter (one place for the wire formats).
import { fromMillimes } from '../domain/money';
import { bpToRate } from '../domain/vat';

export const money = (millimes: number): string => fromMillimes(Number(millimes));
export const moneyOrNull = (millimes: number | null): string | null =>
  millimes === null ? null : money(millimes);
/** VAT rate in percent with up to 2 decimals (19.5), from basis points (1950). */
export const percent = (rateBp: number): number => bpToRate(Number(rateBp));
export function json<T>(text: string | null, fallback: T): T {
  if (text === null || text === '') return fallback;
  return JSON.parse(text) as T;
}
