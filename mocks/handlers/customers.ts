import type {
  AdminCustomerUpdate,
  CustomerDetail,
  CustomerEraseRequest,
  CustomerErasure,
  CustomerExport,
  CustomerOverview,
  OrderSummary,
} from '@generated/model';
import { HttpResponse } from 'msw';
import {
  ERASE_CONFIRMATION_MISMATCH,
  erasureRefused,
  PERSONAL_TABLES,
} from '../../server/src/domain/personal-data';
import { orders } from '../fixtures';
import { customerDetailOf, customersOf, openOrdersOf } from '../fixtures/customers';
import * as crud from './crud';
import { conflict } from './conflicts';
import { endpoint, json, notFound } from './endpoint';

const normalised = (customer: CustomerOverview) => customer.email.toLowerCase();
const CUSTOMER_NOT_FOUND = 'Customer not found';

/** The person of the path's key: `detail` when a story gives one, else from `source`'s orders. */
const personOf = (
  key: string | undefined,
  detail?: CustomerDetail,
  source: readonly OrderSummary[] = orders,
) => detail ?? customerDetailOf(key ?? '', source);

const normaliseTag = (tag: string) => tag.trim().replace(/\s+/g, ' ').toLowerCase();
const optional = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The detail with an AdminCustomerUpdate applied as the server normalises it. */
function updatedDetail(detail: CustomerDetail, body: AdminCustomerUpdate): CustomerDetail {
  return {
    ...detail,
    ...(body.first_name !== undefined && { first_name: optional(body.first_name) }),
    ...(body.last_name !== undefined && { last_name: optional(body.last_name) }),
    ...(body.phone !== undefined && { phone: optional(body.phone) }),
    ...(body.notes !== undefined && { notes: optional(body.notes) }),
    ...(body.tags !== undefined && {
      tags: [...new Set(body.tags.map(normaliseTag).filter((t) => t !== ''))],
    }),
  };
}

export const customers = {
  /** GET /admin/customers/ (search, sort, skip/limit, X-Total-Count); default: the orders' customers. */
  list: crud.queriedListOf('/admin/customers/', customersOf(orders), {
    search: (c) => [c.email, c.customer_type, c.country_code],
    sortKeys: {
      last_order_date: (c) => c.last_order_date,
      total_spent: (c) => Number(c.total_spent),
      order_count: (c) => c.order_count,
      email: normalised,
    },
    tieBreak: normalised,
    defaultSort: '-last_order_date',
  }),
  /**
   * GET /admin/customers/{key}: `detail`, else the person of the key among `source`'s orders
   * (default: the fixtures'), else 404.
   */
  get: endpoint(
    'get',
    '/admin/customers/:key',
    (detail?: CustomerDetail, source?: readonly OrderSummary[]) =>
      ({ params }) => {
        const person = personOf(params.key, detail, source);
        return person ? json(person) : notFound(CUSTOMER_NOT_FOUND);
      },
  ),
  /** PATCH /admin/customers/{key}: the person with the changes applied (normalised); 404. */
  update: endpoint(
    'patch',
    '/admin/customers/:key',
    (detail?: CustomerDetail) =>
      ({ params, body }) => {
        const person = personOf(params.key, detail);
        return person
          ? json(updatedDetail(person, body as AdminCustomerUpdate))
          : notFound(CUSTOMER_NOT_FOUND);
      },
  ),
  /** GET /admin/customers/{key}/export: every personal table (the orders' rows), JSON or CSV. */
  export: endpoint(
    'get',
    '/admin/customers/:key/export',
    (detail?: CustomerDetail) =>
      ({ params, url }) => {
        const person = personOf(params.key, detail);
        if (!person) return notFound(CUSTOMER_NOT_FOUND);
        const tables: CustomerExport['tables'] = Object.fromEntries(
          PERSONAL_TABLES.map((t) => [t, [] as Record<string, unknown>[]]),
        );
        tables.orders = orders
          .filter((o) => person.orders.some((own) => own.id === o.id))
          .map((o) => ({ ...o }));
        const file: CustomerExport = {
          key: person.key,
          email: person.email,
          exported_at: new Date().toISOString(),
          tables,
        };
        const disposition = {
          'content-disposition': `attachment; filename="customer-${person.key}.`,
        };
        if (url.searchParams.get('format') === 'csv') {
          const lines = ['table,row,field,value', `orders,1,email,${person.email}`];
          return new HttpResponse(`\uFEFF${lines.join('\r\n')}\r\n`, {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `${disposition['content-disposition']}csv"`,
            },
          });
        }
        return HttpResponse.json(file, {
          headers: { 'content-disposition': `${disposition['content-disposition']}json"` },
        });
      },
  ),
  /**
   * POST /admin/customers/{key}/erase: 404; 422 unless confirm_email is the person's; 409 while
   * an order is open (the server's detail); else what the erase did (`result`, or the person's).
   */
  erase: endpoint(
    'post',
    '/admin/customers/:key/erase',
    (detail?: CustomerDetail, result?: CustomerErasure) =>
      ({ params, body }) => {
        const person = personOf(params.key, detail);
        if (!person) return notFound(CUSTOMER_NOT_FOUND);
        const { confirm_email } = body as CustomerEraseRequest;
        if (confirm_email.trim().toLowerCase() !== person.email.trim().toLowerCase())
          return json(
            {
              detail: [
                {
                  loc: ['body', 'confirm_email'],
                  msg: ERASE_CONFIRMATION_MISMATCH,
                  type: 'value_error',
                },
              ],
            },
            422,
          );
        const open = openOrdersOf(person);
        if (open.length > 0) return conflict(erasureRefused(open));
        return json(
          result ?? {
            placeholder_email: 'erased-3f9a2c71@erased.invalid',
            orders_anonymised: person.order_count,
            invoices_kept: 0,
          },
        );
      },
  ),
};
