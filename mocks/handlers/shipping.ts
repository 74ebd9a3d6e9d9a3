import type {
  ShippingMethod,
  ShippingMethodInput,
  ShippingZone,
  ShippingZoneInput,
} from '@generated/model';
import { toMillimes } from '../../server/src/domain/money';
import { GOVERNORATE_COUNTRY, rateProblem } from '../../server/src/domain/shipping';
import {
  shippingMethods as methodFixtures,
  shippingZones as zoneFixtures,
} from '../fixtures/shipping';
import * as crud from './crud';
import { conflict } from './conflicts';
import { endpoint, json, newId, noContent, notFound, now, pagedList } from './endpoint';

const ZONE_NOT_FOUND = 'Shipping zone not found';
const METHOD_NOT_FOUND = 'Shipping method not found';

/** A 422 naming the field as the server does: 'bands[1].up_to' is at ['body', 'bands', 1, 'up_to']. */
const issue = (field: string, msg: string, type = 'value_error') => ({
  detail: [
    {
      loc: [
        'body',
        ...field
          .split(/[[\].]+/)
          .filter((part) => part !== '')
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      ],
      msg,
      type,
    },
  ],
});

/**
 * The server's 422 of a creation whose body lacks a required property: the first missing of
 * `required` ([property, message], in the server's order of checks), else null.
 */
function missingProperty<I extends object>(
  input: I,
  required: readonly (readonly [keyof I & string, string])[],
) {
  const missing = required.find(([field]) => input[field] === undefined);
  return missing ? json(issue(missing[0], missing[1], 'missing'), 422) : null;
}

/** The server's 422 of a PATCH without any property. */
const NOTHING_TO_CHANGE = {
  detail: [{ loc: ['body'], msg: 'Send at least one property to change', type: 'value_error' }],
};
const isEmpty = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).length === 0;

/**
 * The answer of a PATCH of the record `id` of `records`, as the server's: 404, the 422 of a body
 * without any property, else what `save` answers for the record with the body applied.
 */
function patched<T extends { id: number; updated_at: string }>(
  records: readonly T[],
  id: string | undefined,
  notFoundDetail: string,
  body: unknown,
  save: (record: T) => Response,
) {
  const current = crud.findById(records, id);
  if (!current) return notFound(notFoundDetail);
  if (isEmpty(body)) return json(NOTHING_TO_CHANGE, 422);
  return save({ ...current, ...(body as Partial<T>), updated_at: now() });
}

/** The order of both lists: position, then id (the contract's). */
const byPosition = <T extends { id: number; position: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.position - b.position || a.id - b.id);

/** After the last one, as the server places a new zone or method without a position. */
const nextPosition = (items: readonly { position: number }[]) =>
  items.reduce((last, item) => Math.max(last, item.position + 1), 0);

/** 422: a name; governorates narrow Tunisia only. */
function zoneIssue(zone: Pick<ShippingZone, 'name' | 'countries' | 'governorates'>) {
  if (zone.name === '') return issue('name', 'Enter a name');
  if (zone.governorates.length > 0 && !zone.countries.includes(GOVERNORATE_COUNTRY))
    return issue(
      'governorates',
      `Governorates are Tunisia's: add ${GOVERNORATE_COUNTRY} to the countries or remove them`,
    );
  return null;
}

/** The zone as the server stores it: name trimmed, countries upper-cased once each, governorates sorted. */
const normalized = (zone: ShippingZone): ShippingZone => ({
  ...zone,
  name: zone.name.trim(),
  countries: [...new Set(zone.countries.map((c) => c.toUpperCase()))],
  governorates: [...new Set(zone.governorates)].sort(),
});

/** 409: another zone has the name, compared case-insensitively. */
function zoneNameTaken(zone: Pick<ShippingZone, 'id' | 'name'>, zones: readonly ShippingZone[]) {
  const taken = zones.find(
    (other) => other.id !== zone.id && other.name.toLowerCase() === zone.name.toLowerCase(),
  );
  return taken ? `Another shipping zone is already named "${taken.name}"` : null;
}

/** The answer of a zone's create or update: 422, 409, else the zone. */
function savedZone(input: ShippingZone, zones: readonly ShippingZone[], status: 200 | 201) {
  const zone = normalized(input);
  const invalid = zoneIssue(zone);
  if (invalid) return json(invalid, 422);
  const taken = zoneNameTaken(zone, zones);
  if (taken) return conflict(taken);
  return json(zone, status);
}

/** Millimes of a Money, or grams of a weight band's kg (both 3 decimals), for rateProblem. */
const scaled = (text: string | null) => (text === null ? null : toMillimes(text));

/** 422 naming the field: a name in each language, the domain's rule of the rate. */
function methodIssue(method: ShippingMethod) {
  const blank = (['en', 'fr', 'ar'] as const).find((lang) => method.name[lang].trim() === '');
  if (blank) return issue(`name.${blank}`, 'Enter a name');
  const problem = rateProblem({
    rateKind: method.rate_kind,
    flatPrice: scaled(method.flat_price),
    bands: method.bands.map((band) => ({
      upTo: scaled(band.up_to),
      price: toMillimes(band.price),
    })),
  });
  return problem ? issue(problem.field, problem.detail) : null;
}

/** The answer of a method's create or update: 422, 409 for an unknown zone, else the method. */
function savedMethod(method: ShippingMethod, zones: readonly ShippingZone[], status: 200 | 201) {
  const invalid = methodIssue(method);
  if (invalid) return json(invalid, 422);
  const unknown = method.zone_ids.find((id) => !zones.some((zone) => zone.id === id));
  if (unknown !== undefined) return conflict(`Shipping zone ${unknown} does not exist`);
  return json(method, status);
}

/** The server's refusal to delete the only zone of a method. */
const onlyZoneDetail = (method: ShippingMethod, zone: ShippingZone) =>
  `The shipping method "${method.name.en}" delivers only to the zone "${zone.name}"; give it another zone or delete it first`;

/**
 * GET <path>: the list by position then id, skip/limit with X-Total-Count; GET <path>{id}: one
 * of them, else 404 '<what> not found'. Zones and methods read alike.
 */
const positionedReads = <T extends { id: number; position: number }>(
  path: string,
  fixtures: readonly T[],
  what: string,
) => ({
  list: crud.listOf(path, fixtures, (items, _query, url) => pagedList(byPosition(items), url)),
  get: crud.getById(`${path}:id`, fixtures, what),
});

/**
 * The lists of the operations whose rule reads both: a method's zones must exist, a zone may not
 * be a method's only one. A story gives its own `zones` and `methods` in this order.
 */
const ZONES_AND_METHODS = [zoneFixtures, methodFixtures] as const;

export const shippingZones = {
  /** GET /admin/shipping-zones/ and /admin/shipping-zones/{id}. */
  ...positionedReads('/admin/shipping-zones/', zoneFixtures, 'Shipping zone'),
  /**
   * POST /admin/shipping-zones/ (201): the zone the body makes (position after the last of
   * `zones`, default: the fixtures); 422 for governorates without TN, 409 for a name taken.
   */
  create: endpoint(
    'post',
    '/admin/shipping-zones/',
    (zones: readonly ShippingZone[] = zoneFixtures) =>
      ({ body }) => {
        const input = body as ShippingZoneInput;
        const missing = missingProperty(input, [
          ['name', 'Enter a name'],
          ['countries', 'Choose at least one country'],
        ]);
        if (missing) return missing;
        const zone: ShippingZone = {
          id: newId(),
          name: input.name ?? '',
          countries: input.countries ?? [],
          governorates: input.governorates ?? [],
          position: input.position ?? nextPosition(zones),
          method_count: 0,
          created_at: now(),
          updated_at: now(),
        };
        return savedZone(zone, zones, 201);
      },
  ),
  /** PATCH /admin/shipping-zones/{id}: the zone of `zones` with the body applied, else 404. */
  update: endpoint(
    'patch',
    '/admin/shipping-zones/:id',
    (zones: readonly ShippingZone[] = zoneFixtures) =>
      ({ params, body }) =>
        patched(zones, params.id, ZONE_NOT_FOUND, body, (zone) => savedZone(zone, zones, 200)),
  ),
  /**
   * DELETE /admin/shipping-zones/{id} (204) of `zones`, else 404; 409 when one of `methods`
   * delivers to it alone.
   */
  delete: crud.withTwoLists(
    'delete',
    '/admin/shipping-zones/:id',
    ZONES_AND_METHODS,
    (zones, methods, { params }) => {
      const zone = crud.findById(zones, params.id);
      if (!zone) return notFound(ZONE_NOT_FOUND);
      const stranded = methods.find((m) => m.zone_ids.length === 1 && m.zone_ids[0] === zone.id);
      if (stranded) return conflict(onlyZoneDetail(stranded, zone));
      return noContent();
    },
  ),
};

export const shippingMethods = {
  /** GET /admin/shipping-methods/ (inactive ones too) and /admin/shipping-methods/{id}. */
  ...positionedReads('/admin/shipping-methods/', methodFixtures, 'Shipping method'),
  /**
   * POST /admin/shipping-methods/ (201): the method the body makes (active, after the last of
   * `methods`); 422 for the rate's rule (domain rateProblem), 409 for a zone not in `zones`.
   */
  create: crud.withTwoLists(
    'post',
    '/admin/shipping-methods/',
    ZONES_AND_METHODS,
    (zones, methods, { body }) => {
      const input = body as ShippingMethodInput;
      const missing = missingProperty(input, [
        ['name', 'Enter a name'],
        ['zone_ids', 'Choose at least one zone'],
        ['rate_kind', 'Choose a rate: flat, weight or subtotal'],
      ]);
      if (missing) return missing;
      const method: ShippingMethod = {
        id: newId(),
        name: input.name ?? { en: '', fr: '', ar: '' },
        zone_ids: input.zone_ids ?? [],
        rate_kind: input.rate_kind ?? 'flat',
        flat_price: input.flat_price ?? null,
        bands: input.bands ?? [],
        free_above: input.free_above ?? null,
        cod_fee: input.cod_fee ?? null,
        carrier: input.carrier ?? null,
        tracking_url_template: input.tracking_url_template ?? null,
        is_active: input.is_active ?? true,
        position: input.position ?? nextPosition(methods),
        created_at: now(),
        updated_at: now(),
      };
      return savedMethod(method, zones, 201);
    },
  ),
  /** PATCH /admin/shipping-methods/{id}: the method with the body applied; the rules apply. */
  update: crud.withTwoLists(
    'patch',
    '/admin/shipping-methods/:id',
    ZONES_AND_METHODS,
    (zones, methods, { params, body }) =>
      patched(methods, params.id, METHOD_NOT_FOUND, body, (method) =>
        savedMethod(method, zones, 200),
      ),
  ),
  /** DELETE /admin/shipping-methods/{id} (204) of `methods`, else 404. */
  delete: crud.remove('/admin/shipping-methods/:id', methodFixtures, 'Shipping method'),
};
