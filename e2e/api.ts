// The e2e tests prepare data and check what the server stored through the API itself.
import { expect } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server';

export const baseURL = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url)
    throw new Error(
      "E2E_BASE_URL is not set: run through e2e/playwright.config.ts, with test from './fixtures'",
    );
  return url;
};

export async function adminToken(): Promise<string> {
  const res = await fetch(`${baseURL()}/api/v1/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function api<T>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseURL()}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/**
 * What an order spec's products need, on its own shop (fixtures.ts runOnOwnShop): Tunisia's
 * default VAT rate and a new category; with `invoicing`, the shop's legal details too, so that
 * confirming an order issues its invoice.
 */
export async function orderDeskShop(
  token: string,
  category: string,
  { invoicing }: { invoicing: boolean },
): Promise<{ vatRateId: number; categoryId: number }> {
  if (invoicing) {
    await api(token, 'PATCH', '/admin/settings/shop', {
      legal_name: 'Maison Carthage SARL',
      address: '12 Avenue Habib Bourguiba\n1000 Tunis',
      matricule_fiscal: '1234567A/A/M/000',
    });
  }
  const rates = await api<{ id: number; country_code: string; is_default: boolean }[]>(
    token,
    'GET',
    '/admin/vat-rates/',
  );
  const tn = rates.find((r) => r.country_code === 'TN' && r.is_default)!;
  const created = await api<{ id: number }>(token, 'POST', '/categories/', {
    name: category,
    slug: category.toLowerCase().replace(/ /g, '-'),
  });
  return { vatRateId: tn.id, categoryId: created.id };
}

/**
 * Creates products of an orderDeskShop's category at its rate, 10 in stock, named `<name> <run>`,
 * weighing `weight` kg when given.
 */
export const stockedProducts =
  (token: string, shop: { vatRateId: number; categoryId: number }, run: string) =>
  (name: string, price: string, weight: number | null = null) =>
    api<{ id: number }>(token, 'POST', '/admin/products/', {
      name: `${name} ${run}`,
      slug: `${name.toLowerCase().replace(/ /g, '-')}-${run}`,
      description: name,
      category_id: shop.categoryId,
      base_price: price,
      vat_rate_id: shop.vatRateId,
      inventory: { stock_quantity: 10, weight },
    });

/**
 * A guest's storefront calls on the cart of `session` (no token: the cart is the session's):
 * `(method, path, body?)` under /api/v1, failing the test on any answer but a success.
 */
export const guestCart =
  (session: string) =>
  async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const separator = path.includes('?') ? '&' : '?';
    const res = await fetch(`${baseURL()}/api/v1${path}${separator}session_id=${session}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.ok, `${method} ${path} → ${res.status}: ${await res.clone().text()}`).toBe(true);
    return (await res.json()) as T;
  };

/** An amount as the console writes it in English: '1,234.500 TND'. */
export const consoleMoney = (amount: string | number) =>
  `${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} TND`;

/** An API amount ('12.500') in millimes. */
export const millimes = (amount: string) => Math.round(Number(amount) * 1000);

/** The orders CSV's rows for `query` (e.g. `search=ORD-…`) as objects keyed by the header. */
export async function ordersCsv(token: string, query: string): Promise<Record<string, string>[]> {
  const res = await fetch(`${baseURL()}/api/v1/admin/exports/orders?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return parse(await res.text(), { bom: true, columns: true }) as Record<string, string>[];
}
