import { array, boolean, mixed, number, object, string } from 'yup';
import type {
  ShippingMethod,
  ShippingMethodInput,
  ShippingRateBand,
  ShippingRateKind,
  ShippingZone,
  ShippingZoneInput,
} from '@generated/model';
import { validationSummary, type ValidationResult } from '@/components/form';
import { MONEY_PATTERN, toMoneyString } from '@/lib/format';
import { inputText, trimmedOrNull } from '@/lib/forms/text';
import { toMillimes } from '../../../server/src/domain/money';
import {
  GOVERNORATE_COUNTRY,
  rateProblem,
  type Governorate,
  type MethodPricing,
  type RateBand,
} from '../../../server/src/domain/shipping';
import { t } from './messages';

/* Zones */

/** The Create/Edit Shipping Zone dialog's fields ('' for none). */
export interface ZoneFormValues {
  name: string;
  /** ISO country codes, in the order chosen. */
  countries: string[];
  /** Governorates of Tunisia; only sent while TN is among the countries. */
  governorates: Governorate[];
  position: string;
}

export const emptyZoneValues: ZoneFormValues = {
  name: '',
  countries: [],
  governorates: [],
  position: '',
};

export function zoneToValues(zone: ShippingZone): ZoneFormValues {
  return {
    name: zone.name,
    countries: [...zone.countries],
    governorates: [...zone.governorates],
    position: String(zone.position),
  };
}

/** The contract's bound of a zone's or a method's position. */
const MAX_POSITION = 100_000;
const WHOLE = /^\d{1,6}$/;

/** An optional position: empty (after the last), or a whole number from 0 to 100,000. */
const positionField = () =>
  string().test(
    'position',
    () => t('positionFormat'),
    (value = '') => {
      const text = value.trim();
      return text === '' || (WHOLE.test(text) && Number(text) <= MAX_POSITION);
    },
  );

const nameField = () =>
  string()
    .trim()
    .required(() => t('nameRequired'))
    .max(100, () => t('nameTooLong'));

const zoneSchema = object({
  name: nameField(),
  countries: array(string()).min(1, () => t('countriesRequired')),
  governorates: array(string()),
  position: positionField(),
});

export function validateZone(values: ZoneFormValues): ValidationResult<ZoneFormValues> {
  return validationSummary(zoneSchema, values);
}

/** The position typed, or nothing: the server then places it after the last one. */
const positionOf = (text: string) => (text.trim() === '' ? {} : { position: Number(text.trim()) });

/**
 * The body of createShippingZone and updateShippingZone for valid values: the governorates only
 * with Tunisia among the countries (the server refuses them otherwise), so removing TN clears
 * them.
 */
export function toZoneInput(values: ZoneFormValues): ShippingZoneInput {
  return {
    name: values.name.trim(),
    countries: [...values.countries],
    governorates: values.countries.includes(GOVERNORATE_COUNTRY) ? [...values.governorates] : [],
    ...positionOf(values.position),
  };
}

/* Methods */

/** One band as typed: its limit ('' for none: the last band) and its price, both decimals. */
export interface BandValues {
  up_to: string;
  price: string;
}

/** The Create/Edit Shipping Method dialog's fields, as typed ('' for none). */
export interface MethodFormValues {
  name_en: string;
  name_fr: string;
  name_ar: string;
  zone_ids: number[];
  rate_kind: ShippingRateKind;
  flat_price: string;
  /** Kilograms (weight) or TND (subtotal) limits, ascending. */
  bands: BandValues[];
  free_above: string;
  cod_fee: string;
  carrier: string;
  tracking_url_template: string;
  is_active: boolean;
  position: string;
}

/** A new band list: one band without a limit, so that a new rate is complete once priced. */
export const newBand = (): BandValues => ({ up_to: '', price: '' });

export const emptyMethodValues: MethodFormValues = {
  name_en: '',
  name_fr: '',
  name_ar: '',
  zone_ids: [],
  rate_kind: 'flat',
  flat_price: '',
  bands: [newBand()],
  free_above: '',
  cod_fee: '',
  carrier: '',
  tracking_url_template: '',
  is_active: true,
  position: '',
};

export function methodToValues(method: ShippingMethod): MethodFormValues {
  return {
    name_en: method.name.en,
    name_fr: method.name.fr,
    name_ar: method.name.ar,
    zone_ids: [...method.zone_ids],
    rate_kind: method.rate_kind,
    flat_price: inputText(method.flat_price),
    // A flat rate has no bands; one empty band is there if the kind is changed.
    bands:
      method.bands.length === 0
        ? [newBand()]
        : method.bands.map((band) => ({ up_to: inputText(band.up_to), price: band.price })),
    free_above: inputText(method.free_above),
    cod_fee: inputText(method.cod_fee),
    carrier: method.carrier ?? '',
    tracking_url_template: method.tracking_url_template ?? '',
    is_active: method.is_active,
    position: String(method.position),
  };
}

/** A band limit and a price share Money's form: up to 9 digits and 3 decimals (kg or TND). */
const isDecimal = (text: string) => MONEY_PATTERN.test(text.trim());

/**
 * Grams of a weight typed in kg, or millimes of an amount typed in TND: both have 3 decimals, so
 * one exact conversion serves both. Null for blank or malformed text.
 */
export function thousandths(text: string): number | null {
  return isDecimal(text) ? toMillimes(text.trim()) : null;
}

/** The bands as the domain reads them (grams or millimes); null when one is malformed. */
function domainBands(bands: readonly BandValues[]): RateBand[] | null {
  const out: RateBand[] = [];
  for (const band of bands) {
    const price = thousandths(band.price);
    const open = band.up_to.trim() === '';
    const upTo = open ? null : thousandths(band.up_to);
    if (price === null || (!open && upTo === null)) return null;
    out.push({ upTo, price });
  }
  return out;
}

/**
 * What is wrong with the bands of a weight or subtotal rate, in the form's words: one band's
 * malformed limit or price, else the domain's rule (rateProblem: at least one band, ascending
 * limits, only the last open) as the server says it. Null when fine or for a flat rate.
 */
export function bandsProblem(kind: ShippingRateKind, bands: readonly BandValues[]): string | null {
  if (kind === 'flat') return null;
  if (bands.length === 0) return t('bandsRequired');
  for (const [index, band] of bands.entries()) {
    const n = index + 1;
    if (band.up_to.trim() !== '' && !isDecimal(band.up_to))
      return t(kind === 'weight' ? 'bandLimitKg' : 'bandLimitAmount', { n });
    if (!isDecimal(band.price)) return t('bandPriceFormat', { n });
  }
  const domain = domainBands(bands) ?? [];
  const problem = rateProblem({ rateKind: kind, flatPrice: null, bands: domain });
  if (problem === null) return null;
  const at = /^bands\[(\d+)\]/.exec(problem.field);
  if (!at) return t('bandsRequired');
  const index = Number(at[1]);
  return domain[index]?.upTo === null
    ? t('bandOpen', { n: index + 1 })
    : t('bandOrder', { n: index + 1 });
}

/** The contract's tracking_url_template. */
const TRACKING = /^https:\/\/\S*\{tracking_number\}\S*$/;
export const TRACKING_PLACEHOLDER = '{tracking_number}';

const optionalMoney = () =>
  string().test(
    'money',
    () => t('moneyFormat'),
    (value = '') => value.trim() === '' || isDecimal(value),
  );

const methodSchema = object({
  name_en: nameField(),
  name_fr: nameField(),
  name_ar: nameField(),
  zone_ids: array(number()).min(1, () => t('zonesRequired')),
  rate_kind: mixed<ShippingRateKind>(),
  flat_price: string().when('rate_kind', {
    is: 'flat',
    then: (s) =>
      s
        .trim()
        .required(() => t('flatPriceRequired'))
        .test('money', () => t('moneyFormat'), isDecimal),
  }),
  bands: array().test('bands', function (bands) {
    const { rate_kind } = this.parent as MethodFormValues;
    const problem = bandsProblem(rate_kind, (bands ?? []) as BandValues[]);
    return problem === null || this.createError({ message: problem });
  }),
  free_above: optionalMoney(),
  cod_fee: optionalMoney(),
  carrier: string().max(100, () => t('carrierTooLong')),
  tracking_url_template: string().test(
    'tracking',
    () => t('trackingFormat', { placeholder: TRACKING_PLACEHOLDER }),
    (value = '') =>
      value.trim() === '' || (value.trim().length <= 500 && TRACKING.test(value.trim())),
  ),
  is_active: boolean(),
  position: positionField(),
});

export function validateMethod(values: MethodFormValues): ValidationResult<MethodFormValues> {
  return validationSummary(methodSchema, values);
}

const moneyOrNull = (text: string) => (text.trim() === '' ? null : toMoneyString(text.trim()));

/** A band as the API takes it: the limit and price with their 3 decimals ('2.5' → '2.500'). */
const bandInput = (band: BandValues): ShippingRateBand => ({
  up_to: moneyOrNull(band.up_to),
  price: toMoneyString(band.price.trim()) ?? '0.000',
});

/**
 * The body of createShippingMethod and updateShippingMethod for valid values: the whole method,
 * so that a change of kind clears what no longer applies (the server refuses bands on a flat
 * rate and a flat price on bands).
 */
export function toMethodInput(values: MethodFormValues): ShippingMethodInput {
  const flat = values.rate_kind === 'flat';
  return {
    name: { en: values.name_en.trim(), fr: values.name_fr.trim(), ar: values.name_ar.trim() },
    zone_ids: [...values.zone_ids],
    rate_kind: values.rate_kind,
    flat_price: flat ? moneyOrNull(values.flat_price) : null,
    bands: flat ? [] : values.bands.map(bandInput),
    free_above: moneyOrNull(values.free_above),
    cod_fee: moneyOrNull(values.cod_fee),
    carrier: trimmedOrNull(values.carrier),
    tracking_url_template: trimmedOrNull(values.tracking_url_template),
    is_active: values.is_active,
    ...positionOf(values.position),
  };
}

/**
 * The form's rate as the domain prices it (millimes, grams), for the live example; null while
 * the rate is incomplete or malformed.
 */
export function pricingOf(values: MethodFormValues): MethodPricing | null {
  const freeAbove = optionalThousandths(values.free_above);
  const codFee = optionalThousandths(values.cod_fee);
  if (freeAbove === undefined || codFee === undefined) return null;
  if (values.rate_kind === 'flat') {
    const flatPrice = thousandths(values.flat_price);
    if (flatPrice === null) return null;
    return { rateKind: 'flat', flatPrice, bands: [], freeAbove, codFee };
  }
  const bands = domainBands(values.bands);
  if (bands === null || bandsProblem(values.rate_kind, values.bands) !== null) return null;
  return { rateKind: values.rate_kind, flatPrice: null, bands, freeAbove, codFee };
}

/** An optional amount: null when blank, undefined when malformed. */
function optionalThousandths(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  return thousandths(text) ?? undefined;
}
