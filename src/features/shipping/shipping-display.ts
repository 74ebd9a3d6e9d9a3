import type { ShippingMethod, ShippingZone } from '@generated/model';
import { formatCount, formatMoney } from '@/lib/format';
import { activeLocale, INTL_TAGS } from '@/lib/i18n';
import { fromMillimes, toMillimes } from '../../../server/src/domain/money';
import {
  GOVERNORATE_COUNTRY,
  governorateName as nameOfGovernorate,
  quoteShipping,
  zoneOf,
  type Destination,
  type MethodPricing,
} from '../../../server/src/domain/shipping';
import { t } from './messages';

/** A governorate's name in the active language (the domain's rule). */
export const governorateName = (code: string): string => nameOfGovernorate(code, activeLocale());

const regionNames = new Map<string, Intl.DisplayNames>();

/** A country's name in the active language ('FR' → 'France', 'فرنسا'); the code if unknown. */
export function countryName(code: string): string {
  const tag = INTL_TAGS[activeLocale()];
  let names = regionNames.get(tag);
  if (!names) {
    names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' });
    regionNames.set(tag, names);
  }
  return names.of(code) ?? code;
}

/** Items in the active language's list form: 'France, Germany and Italy'. */
function listOf(items: readonly string[]): string {
  return new Intl.ListFormat(INTL_TAGS[activeLocale()], { type: 'conjunction' }).format(items);
}

/** 'Tunisia', 'France, Germany, Italy and Belgium'. */
export const countriesText = (zone: Pick<ShippingZone, 'countries'>) =>
  listOf(zone.countries.map(countryName));

/** 'Tunis, Ariana, Ben Arous and Manouba'; 'All' of Tunisia; '—' for a zone without Tunisia. */
export function governoratesText(zone: Pick<ShippingZone, 'countries' | 'governorates'>): string {
  if (zone.governorates.length > 0) return listOf(zone.governorates.map(governorateName));
  return zone.countries.includes(GOVERNORATE_COUNTRY) ? t('allGovernorates') : t('none');
}

/** The method's name in the active language. */
export const methodName = (method: Pick<ShippingMethod, 'name'>) => method.name[activeLocale()];

/** The names of the zones a method delivers to, in the zones' order. */
export function zonesText(
  method: Pick<ShippingMethod, 'zone_ids'>,
  zones: readonly Pick<ShippingZone, 'id' | 'name'>[],
): string {
  const names = method.zone_ids.map((id) => zones.find((z) => z.id === id)?.name ?? `#${id}`);
  return listOf(names);
}

/** '2.5 kg' from the API's kg ('2.500'). */
const kgText = (kg: string) => t('kilograms', { kg: formatCount(Number(kg)) });

/**
 * The rate in a line: 'Flat 7.000 TND', 'By weight: up to 2 kg 7.000 TND, up to 5 kg 8.000 TND,
 * above 5 kg 12.000 TND', 'By order amount: up to 500.000 TND 45.000 TND, above …'.
 */
export function rateText(
  method: Pick<ShippingMethod, 'rate_kind' | 'flat_price' | 'bands'>,
): string {
  if (method.rate_kind === 'flat') return t('rateFlat', { price: formatMoney(method.flat_price) });
  const limit = method.rate_kind === 'weight' ? kgText : formatMoney;
  const bands = method.bands.map((band, index) => {
    const price = formatMoney(band.price);
    if (band.up_to !== null) return t('bandUpTo', { limit: limit(band.up_to), price });
    const previous = method.bands[index - 1]?.up_to;
    return previous == null
      ? t('bandAny', { price })
      : t('bandAbove', { limit: limit(previous), price });
  });
  const text = bands.join(', ');
  return method.rate_kind === 'weight'
    ? t('rateWeight', { bands: text })
    : t('rateSubtotal', { bands: text });
}

/** An optional amount of a method ('300.000 TND'), '—' without one. */
export const optionalMoney = (amount: string | null) =>
  amount === null ? t('none') : formatMoney(amount);

/** The live example's order: its weight and total as typed, and where it goes. */
export interface ExampleOrder {
  /** Kilograms as typed ('2.4'). */
  weight: string;
  /** TND as typed ('100'). */
  amount: string;
  /** A governorate of Tunisia ('TN-61') or a country outside it ('FR'). */
  destination: string;
}

/** The destination of an example's choice: 'TN-61' is Sfax in Tunisia, 'FR' France. */
function destinationOf(choice: string): Destination {
  return choice.startsWith(`${GOVERNORATE_COUNTRY}-`)
    ? { country: GOVERNORATE_COUNTRY, governorate: choice }
    : { country: choice, governorate: null };
}

/** Where the example goes, by name: 'Sfax', 'France'. */
const placeName = (choice: string) =>
  choice.startsWith(`${GOVERNORATE_COUNTRY}-`) ? governorateName(choice) : countryName(choice);

const DECIMAL = /^\d{1,9}(\.\d{1,3})?$/;

/**
 * What the method being edited charges the example's order, in a sentence: 'A 2.4 kg order to
 * Sfax costs 8.000 TND excl. VAT' (and the cash-on-delivery total), priced by the domain's
 * quoteShipping as checkout prices it; or why it cannot say (the rate incomplete, the destination
 * in no zone of the method, the order beyond the bands). `zones` are all the shop's zones: the
 * destination belongs to the first holding it, as at checkout.
 */
export function exampleText(
  pricing: MethodPricing | null,
  zoneIds: readonly number[],
  zones: readonly ShippingZone[],
  order: ExampleOrder,
): string[] {
  if (pricing === null) return [t('exampleIncomplete')];
  if (!DECIMAL.test(order.weight.trim()) || !DECIMAL.test(order.amount.trim()))
    return [t('exampleInvalidInput')];
  const place = placeName(order.destination);
  const zone = zoneOf(zones, destinationOf(order.destination));
  if (zone === null || !zoneIds.includes(zone.id)) return [t('exampleNotDelivered', { place })];
  const weightGrams = toMillimes(order.weight.trim()); // kg with 3 decimals → grams
  const goodsTotal = toMillimes(order.amount.trim());
  const quote = quoteShipping(pricing, { weightGrams, goodsTotal });
  if (quote === null) return [t('exampleBeyond')];
  const price = formatMoney(fromMillimes(quote.price));
  const amount = formatMoney(fromMillimes(goodsTotal));
  const weight = formatCount(weightGrams / 1000);
  const first = quote.isFree
    ? t('exampleFree', {
        amount,
        place,
        threshold: formatMoney(fromMillimes(pricing.freeAbove ?? 0)),
      })
    : pricing.rateKind === 'weight'
      ? t('exampleWeighed', { weight, place, price })
      : pricing.rateKind === 'subtotal'
        ? t('exampleAmounted', { amount, place, price })
        : t('exampleFlat', { place, price });
  if (quote.codFee === 0) return [first];
  return [first, t('exampleCod', { total: formatMoney(fromMillimes(quote.price + quote.codFee)) })];
}
