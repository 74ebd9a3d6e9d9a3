import type { UploadedFile } from '@generated/model';
import { http, HttpResponse } from 'msw';
import { invoices, products, variants } from '../fixtures';
import { shopSettings } from '../fixtures/settings';
import {
  mediaExtensionOf,
  mediaExtensionRefusal,
  type MediaKind,
} from '../../server/src/domain/media-limits';
import { API, endpoint, json } from './endpoint';

const showsFile = (images: readonly string[], key: string) =>
  images.some((url) => url.split('?')[0]?.endsWith(`/media/${key}`));

/**
 * Who uses a file among the fixtures, in the server's words (services/platform/media.ts
 * describeMediaUses, names unbounded here), or null when nothing does.
 */
function fixtureUsesOf(key: string): string | null {
  const count = (n: number, one: string, many: string) =>
    n === 0 ? [] : [`${n} ${n === 1 ? one : many}`];
  const named = (one: string, many: string, names: string[]) =>
    names.length === 0
      ? []
      : [`${names.length === 1 ? one : many} ${names.map((n) => `«${n}»`).join(', ')}`];
  const printing = invoices.filter((d) => d.seller.logo_key === key);
  const parts = [
    ...named(
      'product',
      'products',
      products.filter((p) => showsFile(p.images, key)).map((p) => p.name),
    ),
    ...named(
      'variant',
      'variants',
      variants
        .filter((v) => showsFile(v.images, key))
        .map(
          (v) => `${products.find((p) => p.id === v.product_id)?.name ?? ''} / ${v.variant_title}`,
        ),
    ),
    ...(shopSettings.logo_key === key ? ['the shop logo in Settings'] : []),
    ...count(
      printing.filter((d) => d.kind === 'invoice').length,
      'issued invoice',
      'issued invoices',
    ),
    ...count(
      printing.filter((d) => d.kind === 'credit_note').length,
      'credit note',
      'credit notes',
    ),
  ];
  if (parts.length === 0) return null;
  const last = parts.pop();
  return `Used by ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`;
}

const names = (field: unknown): string[] =>
  field === undefined ? [] : Array.isArray(field) ? field.map(String) : [String(field)];

/** The keys uploaded through the mocks in this page (or process), kept as the storage would. */
const uploadedKeys = new Set<string>();

/**
 * Whether the mocks' storage holds a file: one the fixtures use (a product's or variant's image,
 * the shop logo, an issued document's logo) or one uploaded through the mocks.
 */
const inStorage = (key: string) => uploadedKeys.has(key) || fixtureUsesOf(key) !== null;

function stored(name: string, contentType: string): UploadedFile {
  const key = `${crypto.randomUUID()}.${name.split('.').pop() ?? 'bin'}`;
  uploadedKeys.add(key);
  return { url: `/api/v1/media/${key}`, key, content_type: contentType, size: 48_213 };
}

/**
 * The files stored, or the server's 415 for the first name of an extension `kind` does not
 * accept (its own rule and words, server/src/domain/media-limits.ts; the mocks sniff no bytes).
 */
const uploaded =
  (kind: MediaKind, field: string, contentType: string) =>
  () =>
  ({ body }: { body: unknown }) => {
    const sent = names((body as Record<string, unknown> | undefined)?.[field]);
    const refused = sent.find((name) => mediaExtensionOf(kind, name) === null);
    if (refused !== undefined) return json({ detail: mediaExtensionRefusal(kind, refused) }, 415);
    const files = sent.map((name) => stored(name, contentType));
    return json({ files, count: files.length }, 201);
  };

export const uploads = {
  /** POST /admin/uploads/images/single (field file) */
  image: endpoint('post', '/admin/uploads/images/single', uploaded('image', 'file', 'image/jpeg')),
  /** POST /admin/uploads/images (field files) */
  images: endpoint('post', '/admin/uploads/images', uploaded('image', 'files', 'image/jpeg')),
  video: endpoint('post', '/admin/uploads/videos/single', uploaded('video', 'file', 'video/mp4')),
  videos: endpoint('post', '/admin/uploads/videos', uploaded('video', 'files', 'video/mp4')),
  /**
   * DELETE /admin/uploads/files {keys} → {deleted, count}; 409 (nothing deleted) when a fixture
   * product, variant, the settings or an issued document uses one of them, as the server answers.
   */
  delete: endpoint('delete', '/admin/uploads/files', () => ({ body }) => {
    const keys = [...new Set((body as { keys?: string[] } | undefined)?.keys ?? [])];
    for (const key of keys) {
      const uses = fixtureUsesOf(key);
      if (uses) return json({ detail: keys.length === 1 ? uses : `${key}: ${uses}` }, 409);
    }
    for (const key of keys) uploadedKeys.delete(key);
    return json({ deleted: keys, count: keys.length });
  }),
  /**
   * GET /admin/uploads/presigned-url/{key} → {url, expires_at} for a file the storage holds
   * (`stored`, default: the fixtures' files and the ones uploaded), else the server's 404.
   */
  presigned: endpoint(
    'get',
    '/admin/uploads/presigned-url/:key',
    (stored: (key: string) => boolean = inStorage) =>
      ({ params, url }) => {
        if (!params.key || !stored(params.key)) return json({ detail: 'File not found' }, 404);
        const expiration = Number(url.searchParams.get('expiration') ?? 3600);
        const expires = Math.floor(Date.now() / 1000) + expiration;
        return json({
          url: `/api/v1/media/${params.key}?expires=${expires}&signature=mock`,
          expires_at: new Date(expires * 1000).toISOString(),
        });
      },
  ),
};

const PALETTE = ['#c2410c', '#0f766e', '#1d4ed8', '#a21caf', '#4d7c0f', '#b45309'];

/** GET /media/{key}: a generated SVG picture named after the key, so <img> tags show something. */
export const media = {
  get: () =>
    http.get(`${API}/media/:key`, ({ params }) => {
      const key = String(params.key);
      const colour =
        PALETTE[[...key].reduce((sum, c) => sum + c.charCodeAt(0), 0) % PALETTE.length];
      const label = key.replace(/\.[a-z0-9]+$/i, '').slice(0, 18);
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">` +
        `<rect width="400" height="400" fill="${colour}"/>` +
        `<text x="200" y="210" font-family="sans-serif" font-size="26" fill="#fff" text-anchor="middle">${label}</text></svg>`;
      return new HttpResponse(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
    }),
  /** The file is missing (the UI falls back to a signed URL, then a placeholder). */
  missing: () => http.get(`${API}/media/:key`, () => new HttpResponse(null, { status: 404 })),
};
