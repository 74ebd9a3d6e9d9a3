import type {
  Governorate,
  OrderShippingMethod,
  ShippingMethod,
  ShippingMethodName,
} from '@generated/model';
import type { Locale } from '@/lib/i18n';
import {
  GOVERNORATE_COUNTRY,
  GOVERNORATES,
  governorateName as nameOfGovernorate,
} from '../../../server/src/domain/shipping';

/** The list params that fetch every shipping method: all fit the contract's largest page. */
export const ALL_SHIPPING_METHODS = { limit: 1000 } as const;

/** An address's governorate by name in the language of the moment (domain rule); null for none. */
export function governorateName(code: string | null | undefined, locale: Locale): string | null {
  return code ? nameOfGovernorate(code, locale) : null;
}

/** The address's country takes a governorate (the address forms then offer the select). */
export const hasGovernorate = (country: string | null | undefined) =>
  (country ?? '').trim().toUpperCase() === GOVERNORATE_COUNTRY;

/** The governorates as options of a select, by name in the language of the moment. */
export function governorateOptions(locale: Locale): { value: Governorate; label: string }[] {
  return GOVERNORATES.map((g) => ({ value: g.code, label: nameOfGovernorate(g.code, locale) }));
}

/** A shipping method's name in the language of the moment (each language is required). */
export const methodName = (name: ShippingMethodName, locale: Locale): string => name[locale];

/**
 * The tracking link of a shipment form's number before it is saved: what the server will build
 * from the order's method (null without a template or a number). The rule is the domain's.
 */
export { trackingUrl } from '../../../server/src/domain/shipping';

/** The frozen method charged a cash-on-delivery fee (the order detail shows it apart). */
export function hasCodFee(method: Pick<OrderShippingMethod, 'cod_fee'>): boolean {
  return Number(method.cod_fee) > 0;
}

/**
 * The orders list's shipping method choices: every method, inactive ones too (their orders keep
 * them), by position then id as the shop orders them, named in the language of the moment.
 */
export function shippingMethodChoices(
  methods: readonly Pick<ShippingMethod, 'id' | 'name' | 'position'>[],
  locale: Locale,
): { value: string; label: string }[] {
  return [...methods]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((m) => ({ value: String(m.id), label: methodName(m.name, locale) }));
}
