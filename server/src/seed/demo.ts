// `npm run seed:demo`: fills an empty shop with a realistic demo catalogue (categories, ~50
// products, simple and with variants, images, stock levels incl. low and out of stock).
// Everything goes through the API (app.inject), so the demo data passes the same validation
// and rules as data entered in the console.
import type { FastifyInstance } from 'fastify';
import { fromMillimes, toMillimes } from '../domain/money';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue';
import { productPng } from './png';
import { slugify } from '../../../contract/slug';

/** The demo shop's identity on its documents (an example matricule fiscal of valid form). */
const DEMO_SELLER = {
  legal_name: 'Maison Carthage SARL',
  address: '12 Avenue Habib Bourguiba\n1000 Tunis\nTunisie',
  matricule_fiscal: '1234567A/A/M/000',
  phone: '+216 71 000 000',
  email: 'contact@maison-carthage.example.tn',
} as const;

const VAT_PERCENT = { standard: 19, reduced13: 13, reduced7: 7, zero: 0 } as const;

async function call<T>(
  app: FastifyInstance,
  authorization: string,
  method: string,
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await app.inject({
    method: method as 'POST',
    url,
    headers: { authorization },
    payload: payload as never,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} → ${res.statusCode}: ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

const skuOf = (product: DemoProduct, options: Record<string, string> = {}) =>
  [product.brand, product.name, ...Object.values(options)]
    .map((p) =>
      slugify(p)
        .split('-')
        .map((w) => w.slice(0, 3))
        .join(''),
    )
    .join('-')
    .toUpperCase();

/** Standard VAT rates of the EU countries of the demo's business customers (percent). */
const EU_STANDARD_RATES: Record<string, number> = {
  FR: 20,
  DE: 19,
  IT: 22,
  ES: 21,
  BE: 21,
  NL: 21,
};

export async function seedDemo(
  app: FastifyInstance,
  authorization: string,
  log: (line: string) => void = console.log,
) {
  // The seller's legal details, so that the demo orders' status changes issue their invoices and
  // credit notes (the accountant's books, #30, then have a demo month to show).
  await call(app, authorization, 'PATCH', '/api/v1/admin/settings/shop', DEMO_SELLER);
  const rates = await call<{ id: number; rate: number; country_code: string }[]>(
    app,
    authorization,
    'GET',
    '/api/v1/admin/vat-rates/?country_code=TN&is_active=true',
  );
  // The demo's EU business customers (demo-orders.ts) are priced for their own country, which
  // needs that country's default rate in force (a product's TN rate is never charged abroad).
  const existing = await call<{ country_code: string; is_default: boolean }[]>(
    app,
    authorization,
    'GET',
    '/api/v1/admin/vat-rates/?is_active=true',
  );
  for (const [country, rate] of Object.entries(EU_STANDARD_RATES)) {
    if (existing.some((r) => r.country_code === country && r.is_default)) continue;
    await call(app, authorization, 'POST', '/api/v1/admin/vat-rates/', {
      name: `${country} standard rate`,
      rate,
      country_code: country,
      is_default: true,
      effective_from: '2018-01-01T00:00:00.000Z',
    });
  }
  const rateId = (kind: keyof typeof VAT_PERCENT) => {
    const rate = rates.find((r) => r.rate === VAT_PERCENT[kind]);
    if (!rate) throw new Error(`No active TN VAT rate of ${VAT_PERCENT[kind]}%`);
    return rate.id;
  };

  const categoryIds = new Map<string, number>();
  for (const [order, c] of DEMO_CATEGORIES.entries()) {
    const parent = 'parent' in c ? categoryIds.get(c.parent) : undefined;
    const created = await call<{ id: number }>(app, authorization, 'POST', '/api/v1/categories/', {
      name: c.name,
      slug: c.slug,
      description: c.description,
      parent_id: parent ?? null,
      display_order: order,
    });
    categoryIds.set(c.slug, created.id);
  }

  let variantCount = 0;
  for (const p of DEMO_PRODUCTS) {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(productPng(p.colours[0], p.colours[1]))], { type: 'image/png' }),
      `${slugify(p.name)}.png`,
    );
    const upload = await call<{ files: { url: string }[] }>(
      app,
      authorization,
      'POST',
      '/api/v1/admin/uploads/images/single',
      form,
    );
    const hasVariants = (p.variants?.length ?? 0) > 0;
    const product = await call<{ id: number }>(
      app,
      authorization,
      'POST',
      '/api/v1/admin/products/',
      {
        name: p.name,
        slug: slugify(p.name),
        description: p.description,
        short_description: p.description.split('.')[0],
        category_id: categoryIds.get(p.category),
        brand: p.brand,
        has_variants: hasVariants,
        base_price: p.price,
        compare_at_price: p.compareAt ?? null,
        vat_rate_id: rateId(p.vat ?? 'standard'),
        price_includes_vat: true,
        images: upload.files.map((f) => f.url),
        is_active: !p.inactive,
        is_featured: p.featured ?? false,
        meta_title: `${p.name} | Store`.slice(0, 60),
        meta_description: p.description.slice(0, 160),
        tags: p.tags,
        ...(hasVariants
          ? {}
          : { inventory: { sku: skuOf(p), stock_quantity: p.stock ?? 0, low_stock_threshold: 5 } }),
      },
    );
    if (hasVariants) {
      await call(
        app,
        authorization,
        'POST',
        `/api/v1/admin/variants/bulk/create?product_id=${product.id}`,
        p.variants!.map((v, position) => ({
          option_values: v.options,
          sku: skuOf(p, v.options),
          variant_title: Object.values(v.options).join(' / '),
          price: v.price,
          // Cost price: 55 % of the price, in integer millimes.
          cost_price: fromMillimes(Math.round((toMillimes(v.price) * 55) / 100)),
          stock_quantity: v.stock,
          low_stock_threshold: 5,
          position,
        })),
      );
      variantCount += p.variants!.length;
    }
  }
  log(
    `Demo catalogue: ${DEMO_CATEGORIES.length} categories, ${DEMO_PRODUCTS.length} products, ${variantCount} variants.`,
  );
}
