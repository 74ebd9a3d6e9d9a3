import type { Discount, DiscountCreate, DiscountUpdate } from '@generated/model';
import { discountStatus } from '../../server/src/domain/discount';
import { discountDefaults, discounts as fixtures, shopToday } from '../fixtures/discounts';
import { categories, products } from '../fixtures';
import * as crud from './crud';
import { conflict } from './conflicts';
import { endpoint, json, newId, noContent, notFound, now, type ListSpec } from './endpoint';

const NOT_FOUND = 'Discount not found';

/** listDiscounts: search in the name and code, the derived status, the contract's sort keys. */
const listSpec: ListSpec<Discount> = {
  search: (d) => [d.name, d.code],
  filters: { status: (d, value) => d.status === value },
  sortKeys: {
    created_at: (d) => d.created_at,
    name: (d) => d.name.toLowerCase(),
    code: (d) => d.code,
    usage_count: (d) => d.usage_count,
  },
  defaultSort: '-created_at',
};

/** The discount as the server answers it: code in upper case, status of today. */
function answered(discount: Omit<Discount, 'status'>): Discount {
  return { ...discount, status: discountStatus(discount, shopToday()) };
}

const issue = (field: string, msg: string) => ({
  detail: [{ loc: ['body', field], msg, type: 'value_error' }],
});

/**
 * The rules of DiscountCreate the schema cannot say (422 naming the field): the value its kind
 * needs and no other, the ids its scope needs and no other, the period in order.
 */
function ruleIssue(d: Omit<Discount, 'status'>) {
  if (d.kind === 'percent' && d.percent === null)
    return issue('percent', 'A percent discount needs a percent');
  if (d.kind !== 'percent' && d.percent !== null)
    return issue('percent', 'Only a percent discount has a percent');
  if (d.kind === 'fixed_amount' && d.amount === null)
    return issue('amount', 'A fixed amount discount needs an amount');
  if (d.kind !== 'fixed_amount' && d.amount !== null)
    return issue('amount', 'Only a fixed amount discount has an amount');
  if (d.scope === 'products' && d.product_ids.length === 0)
    return issue('product_ids', 'Choose at least one product');
  if (d.scope !== 'products' && d.product_ids.length > 0)
    return issue('product_ids', 'Only a products scope has products');
  if (d.scope === 'categories' && d.category_ids.length === 0)
    return issue('category_ids', 'Choose at least one category');
  if (d.scope !== 'categories' && d.category_ids.length > 0)
    return issue('category_ids', 'Only a categories scope has categories');
  if (d.starts_on !== null && d.ends_on !== null && d.ends_on < d.starts_on)
    return issue('ends_on', 'The end must not be before the start');
  return null;
}

/**
 * The 409s of createDiscount and updateDiscount: the code another discount of `items` has
 * (compared in upper case), a product or category that does not exist.
 */
function conflictOf(d: Omit<Discount, 'status'>, items: readonly Discount[]): string | null {
  const taken =
    d.code !== null && items.find((other) => other.id !== d.id && other.code === d.code);
  if (taken) return `The code "${d.code}" is already used by the discount "${taken.name}"`;
  const product = d.product_ids.find((id) => !products.some((p) => p.id === id));
  if (product !== undefined) return `Product ${product} does not exist`;
  const category = d.category_ids.find((id) => !categories.some((c) => c.id === id));
  if (category !== undefined) return `Category ${category} does not exist`;
  return null;
}

/** The body's fields over `base`, the code in upper case as the server stores it. */
function merged(base: Omit<Discount, 'status'>, body: DiscountCreate | DiscountUpdate) {
  const next = { ...base, ...body };
  return { ...next, code: next.code == null ? null : next.code.toUpperCase() };
}

/** The answer of a create or update: 422, 409, else the record. */
function saved(record: Omit<Discount, 'status'>, items: readonly Discount[], status: 200 | 201) {
  const invalid = ruleIssue(record);
  if (invalid) return json(invalid, 422);
  const taken = conflictOf(record, items);
  if (taken) return conflict(taken);
  return json(answered(record), status);
}

/** The server's refusal to delete a discount orders used. */
const discountUsedDetail = (d: Pick<Discount, 'name' | 'usage_count'>) =>
  `The discount "${d.name}" was used by ${d.usage_count} ${d.usage_count === 1 ? 'order' : 'orders'}; deactivate it instead`;

export const discounts = {
  /** GET /admin/discounts/: search, status, sort, skip/limit with X-Total-Count. */
  list: crud.queriedListOf('/admin/discounts/', fixtures, listSpec),
  get: crud.getById('/admin/discounts/:id', fixtures, 'Discount'),
  /**
   * POST /admin/discounts/ (201): `result`, or the discount the body makes; 422 for a rule of
   * DiscountCreate, 409 for a code of one of `items` (default: the fixtures) or an unknown
   * product or category.
   */
  create: endpoint(
    'post',
    '/admin/discounts/',
    (result?: Discount, items: readonly Discount[] = fixtures) =>
      ({ body }) => {
        if (result) return json(result, 201);
        const input = body as DiscountCreate;
        const record = merged(
          {
            id: newId(),
            name: '',
            code: null,
            kind: input.kind,
            scope: input.scope,
            ...discountDefaults,
            usage_count: 0,
            created_at: now(),
            updated_at: now(),
          },
          input,
        );
        return saved(record, items, 201);
      },
  ),
  /**
   * PATCH /admin/discounts/{id}: `result`, or the discount of `items` (default: the fixtures)
   * with the body applied (404 for another id); the rules and 409s of creation apply.
   */
  update: endpoint(
    'patch',
    '/admin/discounts/:id',
    (result?: Discount, items: readonly Discount[] = fixtures) =>
      ({ params, body }) => {
        if (result) return json(result);
        const current = crud.findById(items, params.id);
        if (!current) return notFound(NOT_FOUND);
        const record = merged(current, body as DiscountUpdate);
        return saved({ ...record, updated_at: now() }, items, 200);
      },
  ),
  /**
   * DELETE /admin/discounts/{id} (204) of one of `items` (default: the fixtures), else 404; 409
   * when orders used it (its usage count), saying to deactivate it instead.
   */
  delete: endpoint(
    'delete',
    '/admin/discounts/:id',
    (items: readonly Discount[] = fixtures) =>
      ({ params }) => {
        const current = crud.findById(items, params.id);
        if (!current) return notFound(NOT_FOUND);
        if (current.usage_count > 0) return conflict(discountUsedDetail(current));
        return noContent();
      },
  ),
};
