// Categories over HTTP: public reads, admin writes; on every test database, every answer checked
// against the contract.
import { describe, expect, it } from 'vitest';
import {
  anyNumber,
  anyTimestamp,
  expectIssues,
  expectProblem,
  expectStatus,
  issuesOf,
} from '../../test-support/contract';
import type { Schemas } from '../../test-support/contract';
import { testDialects } from '../../test-support/databases';
import { insertCategory, insertProduct, rowCount } from '../../test-support/fixtures';
import { expectResponseMatches } from '../../test-support/openapi-validator';
import {
  expectRoleRefused,
  itRefusesDelete,
  itRefusesRename,
  useAdminCollection,
} from '../../test-support/collections';

type Category = Schemas['Category'];

const URL = '/api/v1/categories/';
const CYCLE = 'A category cannot be moved under itself or one of its descendants';

describe.each(testDialects)('categories (%s)', (dialect) => {
  const { t, admin, create, update } = useAdminCollection(dialect, URL);

  const stored = (id: number) =>
    t.database.db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  const storedCount = () => rowCount(t.database.db, 'categories');

  /** A category as the refusal tests make and read it. */
  const row = { insert: (name: string) => insertCategory(t.database.db, { name }), stored };

  describe('listCategories (public)', () => {
    it('returns the active categories by display_order then name, without a token', async () => {
      const db = t.database.db;
      const zeta = await insertCategory(db, { name: 'Zeta', slug: 'zeta', display_order: 1 });
      const alpha = await insertCategory(db, { name: 'Alpha', slug: 'alpha', display_order: 1 });
      const last = await insertCategory(db, { name: 'Aaa', slug: 'aaa', display_order: 5 });
      const first = await insertCategory(db, {
        name: 'Shoes',
        slug: 'shoes',
        display_order: 0,
        description: 'All shoes',
        image_url: 'https://cdn.example.com/shoes.png',
      });
      await insertCategory(db, { name: 'Hidden', slug: 'hidden', is_active: 0 });

      const res = await t.app.inject({ method: 'GET', url: URL });
      const body = expectStatus<Category[]>(res, 200, 'listCategories');
      expect(body.map((c) => c.id)).toEqual([first.id, alpha.id, zeta.id, last.id]);
      expect(body[0]).toEqual({
        id: first.id,
        name: 'Shoes',
        slug: 'shoes',
        description: 'All shoes',
        image_url: 'https://cdn.example.com/shoes.png',
        parent_id: null,
        is_active: true,
        display_order: 0,
        created_at: first.created_at,
        updated_at: first.updated_at,
      });

      // The path without the trailing slash works too.
      const bare = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
      expect(expectStatus<Category[]>(bare, 200, 'listCategories')).toHaveLength(4);
    });

    it('filters by parent_id (active children only) and validates it', async () => {
      const db = t.database.db;
      const parent = await insertCategory(db, { name: 'Clothes', slug: 'clothes' });
      const b = await insertCategory(db, { name: 'B', slug: 'b', parent_id: parent.id });
      const a = await insertCategory(db, { name: 'A', slug: 'a', parent_id: parent.id });
      await insertCategory(db, { name: 'C', slug: 'c', parent_id: parent.id, is_active: 0 });
      const other = await insertCategory(db, { name: 'Other', slug: 'other' });
      await insertCategory(db, { name: 'D', slug: 'd', parent_id: other.id });

      const res = await t.app.inject({ method: 'GET', url: `${URL}?parent_id=${parent.id}` });
      const body = expectStatus<Category[]>(res, 200, 'listCategories');
      expect(body.map((c) => c.id)).toEqual([a.id, b.id]);
      expect(body.every((c) => c.parent_id === parent.id)).toBe(true);

      const bad = await t.app.inject({ method: 'GET', url: `${URL}?parent_id=0` });
      expect(bad.statusCode).toBe(422);
      expect(issuesOf(bad, 'listCategories')[0]?.loc).toEqual(['query', 'parent_id']);
    });
  });

  describe('listAdminCategories', () => {
    const ADMIN_URL = '/api/v1/admin/categories/';
    const list = (query = '', headers: Record<string, string> = admin) =>
      t.app.inject({ method: 'GET', url: `${ADMIN_URL}${query}`, headers });

    it('returns active and inactive categories in the public order; is_active filters', async () => {
      const db = t.database.db;
      const shoes = await insertCategory(db, { name: 'Shoes', slug: 'shoes', display_order: 0 });
      const old = await insertCategory(db, {
        name: 'Old stock',
        slug: 'old-stock',
        display_order: 1,
        is_active: 0,
      });
      const bags = await insertCategory(db, { name: 'Bags', slug: 'bags', display_order: 1 });

      const all = await list('', await t.authAs('support'));
      const body = expectStatus<Category[]>(all, 200, 'listAdminCategories');
      expect(body.map((c) => [c.slug, c.is_active])).toEqual([
        ['shoes', true],
        ['bags', true],
        ['old-stock', false],
      ]);
      expect(body[2]).toEqual({
        id: old.id,
        name: 'Old stock',
        slug: 'old-stock',
        description: null,
        image_url: null,
        parent_id: null,
        is_active: false,
        display_order: 1,
        created_at: old.created_at,
        updated_at: old.updated_at,
      });

      const inactive = await list('?is_active=false');
      expect(
        expectResponseMatches<Category[]>('listAdminCategories', inactive).map((c) => c.id),
      ).toEqual([old.id]);
      const active = await list('?is_active=true');
      expect(
        expectResponseMatches<Category[]>('listAdminCategories', active).map((c) => c.id),
      ).toEqual([shoes.id, bags.id]);
      // The public list still hides the inactive one.
      const pub = await t.app.inject({ method: 'GET', url: URL });
      expect(expectResponseMatches<Category[]>('listCategories', pub).map((c) => c.id)).toEqual([
        shoes.id,
        bags.id,
      ]);
    });

    it('needs an admin token (401) and a boolean is_active (422)', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: ADMIN_URL });
      expectProblem(anonymous, 401, 'Not authenticated', 'listAdminCategories');
      const bad = await list('?is_active=maybe');
      expect(bad.statusCode).toBe(422);
      expect(issuesOf(bad, 'listAdminCategories')[0]?.loc).toEqual(['query', 'is_active']);
    });

    it('keeps a soft-deleted category listed until it is reactivated or force deleted', async () => {
      const db = t.database.db;
      const cat = await insertCategory(db, { name: 'Seasonal', slug: 'seasonal' });
      const ids = async (query: string) =>
        expectResponseMatches<Category[]>('listAdminCategories', await list(query)).map(
          (c) => c.id,
        );

      const soft = await t.app.inject({ method: 'DELETE', url: `${URL}${cat.id}`, headers: admin });
      expect(soft.statusCode).toBe(200);
      expect(await ids('?is_active=false')).toEqual([cat.id]);
      expect(await ids('?is_active=true')).toEqual([]);

      const reactivated = await update(cat.id, { is_active: true });
      expect(expectStatus<Category>(reactivated, 200, 'updateCategory')).toMatchObject({
        id: cat.id,
        is_active: true,
      });
      expect(await ids('?is_active=true')).toEqual([cat.id]);
      const bySlug = await t.app.inject({ method: 'GET', url: `${URL}seasonal` });
      expect(bySlug.statusCode).toBe(200);

      await t.app.inject({ method: 'DELETE', url: `${URL}${cat.id}`, headers: admin });
      const force = await t.app.inject({
        method: 'DELETE',
        url: `${URL}${cat.id}/force`,
        headers: admin,
      });
      expect(force.statusCode).toBe(204);
      expect(await ids('')).toEqual([]);
      expect(await stored(cat.id)).toBeUndefined();
    });
  });

  describe('getCategoryBySlug (public)', () => {
    it('returns an active category by slug without a token', async () => {
      const cat = await insertCategory(t.database.db, { name: 'Hats', slug: 'summer-hats' });
      const res = await t.app.inject({ method: 'GET', url: `${URL}summer-hats` });
      expect(expectStatus<Category>(res, 200, 'getCategoryBySlug')).toEqual({
        id: cat.id,
        name: 'Hats',
        slug: 'summer-hats',
        description: null,
        image_url: null,
        parent_id: null,
        is_active: true,
        display_order: 0,
        created_at: cat.created_at,
        updated_at: cat.updated_at,
      });
    });

    it('answers 404 for an inactive or unknown slug and 422 for a malformed one', async () => {
      await insertCategory(t.database.db, { slug: 'gone', is_active: 0 });
      for (const slug of ['gone', 'never-was']) {
        const res = await t.app.inject({ method: 'GET', url: `${URL}${slug}` });
        expectProblem(res, 404, 'Category not found', 'getCategoryBySlug');
      }
      const malformed = await t.app.inject({ method: 'GET', url: `${URL}Not_A_Slug` });
      expect(malformed.statusCode).toBe(422);
      expect(issuesOf(malformed, 'getCategoryBySlug')[0]?.loc).toEqual(['path', 'category']);
    });
  });

  describe('createCategory', () => {
    it('creates a category with trimmed text and defaults', async () => {
      const before = t.ctx.now().toISOString();
      const res = await create({
        name: '  T-shirts  ',
        slug: 't-shirts',
        description: '  Cotton tees ',
        image_url: 'https://cdn.example.com/t.png',
      });
      const body = expectStatus<Category>(res, 201, 'createCategory');
      expect(body).toEqual({
        id: anyNumber,
        name: 'T-shirts',
        slug: 't-shirts',
        description: 'Cotton tees',
        image_url: 'https://cdn.example.com/t.png',
        parent_id: null,
        is_active: true,
        display_order: 0,
        created_at: anyTimestamp,
        updated_at: body.created_at,
      });
      expect(body.created_at >= before).toBe(true);
      expect(await stored(body.id)).toMatchObject({
        name: 'T-shirts',
        slug: 't-shirts',
        description: 'Cotton tees',
        parent_id: null,
        is_active: 1,
        display_order: 0,
      });
    });

    it('creates a child, inactive and ordered when asked', async () => {
      const parent = await insertCategory(t.database.db);
      const res = await create({
        name: 'Child',
        slug: 'child',
        parent_id: parent.id,
        is_active: false,
        display_order: 7,
        description: '   ',
      });
      const body = expectStatus<Category>(res, 201, 'createCategory');
      expect(body).toMatchObject({
        parent_id: parent.id,
        is_active: false,
        display_order: 7,
        description: null,
      });
      expect(await stored(body.id)).toMatchObject({
        parent_id: parent.id,
        is_active: 0,
        display_order: 7,
        description: null,
      });
    });

    it('refuses a slug already used, even by an inactive category (409)', async () => {
      await insertCategory(t.database.db, { slug: 'taken', is_active: 0 });
      const res = await create({ name: 'Again', slug: 'taken' });
      expectProblem(res, 409, 'Slug already exists', 'createCategory');
      expect(await storedCount()).toBe(1);
    });

    it('refuses an unknown parent and a blank name (422)', async () => {
      const res = await create({ name: 'Orphan', slug: 'orphan', parent_id: 999999 });
      expectIssues(res, 'createCategory', [
        { loc: ['body', 'parent_id'], msg: 'Parent category not found', type: 'value_error' },
      ]);

      const blank = await create({ name: '  ', slug: 'blank' });
      expectIssues(blank, 'createCategory', [
        { loc: ['body', 'name'], msg: 'Must not be blank', type: 'value_error' },
      ]);

      const badSlug = await create({ name: 'Bad', slug: 'Bad Slug', image_url: 'not a url' });
      expect(issuesOf(badSlug, 'createCategory').map((d) => d.loc)).toEqual(
        expect.arrayContaining([
          ['body', 'slug'],
          ['body', 'image_url'],
        ]),
      );
      expect(await storedCount()).toBe(0);
    });

    it('is refused to support (403) and to anonymous callers (401)', async () => {
      const support = await create({ name: 'X', slug: 'x' }, await t.authAs('support'));
      expectRoleRefused(support, 'support', 'createCategory');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: URL,
        payload: { name: 'X', slug: 'x' },
      });
      expectProblem(anonymous, 401, 'Not authenticated', 'createCategory');
      expect(await storedCount()).toBe(0);
    });
  });

  describe('updateCategory', () => {
    it('changes only the properties sent, also on an inactive category', async () => {
      const parent = await insertCategory(t.database.db);
      const cat = await insertCategory(t.database.db, {
        name: 'Old',
        slug: 'old',
        description: 'Kept',
        parent_id: parent.id,
        is_active: 0,
        display_order: 3,
      });
      t.advanceClock(1000);
      const res = await update(cat.id, { name: ' New ', slug: 'new' });
      const body = expectStatus<Category>(res, 200, 'updateCategory');
      expect(body).toEqual({
        id: cat.id,
        name: 'New',
        slug: 'new',
        description: 'Kept',
        image_url: null,
        parent_id: parent.id,
        is_active: false,
        display_order: 3,
        created_at: cat.created_at,
        updated_at: anyTimestamp,
      });
      expect(body.updated_at > cat.updated_at).toBe(true);
      expect(await stored(cat.id)).toMatchObject({
        name: 'New',
        slug: 'new',
        description: 'Kept',
        parent_id: parent.id,
        is_active: 0,
        display_order: 3,
        updated_at: body.updated_at,
      });
    });

    it('clears nullable values with null (a null parent makes it top-level)', async () => {
      const parent = await insertCategory(t.database.db);
      const cat = await insertCategory(t.database.db, {
        parent_id: parent.id,
        description: 'Text',
        image_url: 'https://cdn.example.com/x.png',
      });
      const res = await update(cat.id, {
        parent_id: null,
        description: null,
        image_url: null,
        is_active: true,
        display_order: 2,
      });
      expect(expectStatus<Category>(res, 200, 'updateCategory')).toMatchObject({
        parent_id: null,
        description: null,
        image_url: null,
        display_order: 2,
      });
      expect(await stored(cat.id)).toMatchObject({
        parent_id: null,
        description: null,
        image_url: null,
        display_order: 2,
      });
    });

    it('keeps its own slug but refuses another category’s (409)', async () => {
      const cat = await insertCategory(t.database.db, { slug: 'mine' });
      await insertCategory(t.database.db, { slug: 'theirs' });
      const same = await update(cat.id, { slug: 'mine', name: 'Renamed' });
      expect(same.statusCode).toBe(200);
      expect(expectResponseMatches<Category>('updateCategory', same).name).toBe('Renamed');

      const clash = await update(cat.id, { slug: 'theirs' });
      expectProblem(clash, 409, 'Slug already exists', 'updateCategory');
      expect((await stored(cat.id))?.slug).toBe('mine');
    });

    it('refuses cycles: itself or a descendant as parent (422)', async () => {
      const db = t.database.db;
      const a = await insertCategory(db, { slug: 'a' });
      const b = await insertCategory(db, { slug: 'b', parent_id: a.id });
      const c = await insertCategory(db, { slug: 'c', parent_id: b.id });

      for (const [id, parentId] of [
        [a.id, a.id],
        [a.id, b.id],
        [a.id, c.id],
        [b.id, c.id],
      ] as const) {
        const res = await update(id, { parent_id: parentId });
        expectIssues(res, 'updateCategory', [
          { loc: ['body', 'parent_id'], msg: CYCLE, type: 'value_error' },
        ]);
      }
      expect((await stored(a.id))?.parent_id).toBeNull();
      expect((await stored(b.id))?.parent_id).toBe(a.id);

      // Moving a descendant up (c under a) or a sibling elsewhere is fine.
      const ok = await update(c.id, { parent_id: a.id });
      expect(ok.statusCode).toBe(200);
      expect(expectResponseMatches<Category>('updateCategory', ok).parent_id).toBe(a.id);
      // Now b has no children: b under c is allowed.
      const ok2 = await update(b.id, { parent_id: c.id });
      expect(ok2.statusCode).toBe(200);
      expect((await stored(b.id))?.parent_id).toBe(c.id);
    });

    it('refuses an unknown parent (422), an unknown id (404) and a slug as id (422)', async () => {
      const cat = await insertCategory(t.database.db);
      const res = await update(cat.id, { parent_id: 999999 });
      expectIssues(res, 'updateCategory', [
        { loc: ['body', 'parent_id'], msg: 'Parent category not found', type: 'value_error' },
      ]);

      const missing = await update(cat.id + 1000, { name: 'Nope' });
      expectProblem(missing, 404, 'Category not found', 'updateCategory');

      const bySlug = await update(cat.slug, { name: 'Nope' });
      expect(bySlug.statusCode).toBe(422);
      expect(issuesOf(bySlug, 'updateCategory')[0]?.loc).toEqual(['path', 'category']);

      const empty = await update(cat.id, {});
      expectStatus(empty, 422, 'updateCategory');
    });

    itRefusesRename(t, 'inventory_manager', 'updateCategory', { ...row, update });
  });

  describe('deleteCategory (soft)', () => {
    it('deactivates and returns the category; children and products keep their link', async () => {
      const db = t.database.db;
      const cat = await insertCategory(db, { slug: 'soft' });
      const child = await insertCategory(db, { parent_id: cat.id });
      const product = await insertProduct(db, { category_id: cat.id });
      t.advanceClock(1000);

      const res = await t.app.inject({ method: 'DELETE', url: `${URL}${cat.id}`, headers: admin });
      const body = expectStatus<Category>(res, 200, 'deleteCategory');
      expect(body).toMatchObject({ id: cat.id, slug: 'soft', is_active: false });
      expect(body.updated_at > cat.updated_at).toBe(true);
      expect(await stored(cat.id)).toMatchObject({ is_active: 0, updated_at: body.updated_at });
      expect((await stored(child.id))?.parent_id).toBe(cat.id);
      const p = await db
        .selectFrom('products')
        .select('category_id')
        .where('id', '=', product.id)
        .executeTakeFirst();
      expect(p?.category_id).toBe(cat.id);

      // Gone from the public reads.
      const bySlug = await t.app.inject({ method: 'GET', url: `${URL}soft` });
      expect(bySlug.statusCode).toBe(404);

      // Again: allowed, changes nothing.
      t.advanceClock(1000);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `${URL}${cat.id}`,
        headers: admin,
      });
      expect(expectStatus<Category>(again, 200, 'deleteCategory')).toEqual(body);
    });

    it('answers 404 for an unknown id and 403 for support', async () => {
      const missing = await t.app.inject({ method: 'DELETE', url: `${URL}999999`, headers: admin });
      expectProblem(missing, 404, 'Category not found', 'deleteCategory');

      const cat = await insertCategory(t.database.db);
      const support = await t.app.inject({
        method: 'DELETE',
        url: `${URL}${cat.id}`,
        headers: await t.authAs('support'),
      });
      expectStatus(support, 403, 'deleteCategory');
      expect((await stored(cat.id))?.is_active).toBe(1);
    });
  });

  describe('forceDeleteCategory', () => {
    it('removes the category: children become top-level, products uncategorised', async () => {
      const db = t.database.db;
      const cat = await insertCategory(db);
      const child = await insertCategory(db, { parent_id: cat.id });
      const grandchild = await insertCategory(db, { parent_id: child.id });
      const product = await insertProduct(db, { category_id: cat.id });
      const elsewhere = await insertProduct(db, { category_id: child.id });
      t.advanceClock(1000);

      const res = await t.app.inject({
        method: 'DELETE',
        url: `${URL}${cat.id}/force`,
        headers: admin,
      });
      expectStatus(res, 204, 'forceDeleteCategory');
      expect(res.body).toBe('');

      expect(await stored(cat.id)).toBeUndefined();
      const childRow = await stored(child.id);
      expect(childRow?.parent_id).toBeNull();
      expect(childRow && childRow.updated_at > child.updated_at).toBe(true);
      expect((await stored(grandchild.id))?.parent_id).toBe(child.id);
      const products = await db
        .selectFrom('products')
        .select(['id', 'category_id'])
        .orderBy('id')
        .execute();
      expect(products).toEqual([
        { id: product.id, category_id: null },
        { id: elsewhere.id, category_id: child.id },
      ]);

      const again = await t.app.inject({
        method: 'DELETE',
        url: `${URL}${cat.id}/force`,
        headers: admin,
      });
      expectProblem(again, 404, 'Category not found', 'forceDeleteCategory');
    });

    it('the foreign keys set children and products to null on a raw delete', async () => {
      const db = t.database.db;
      const cat = await insertCategory(db);
      const child = await insertCategory(db, { parent_id: cat.id });
      const product = await insertProduct(db, { category_id: cat.id });
      await db.deleteFrom('categories').where('id', '=', cat.id).execute();
      expect((await stored(child.id))?.parent_id).toBeNull();
      const p = await db
        .selectFrom('products')
        .select('category_id')
        .where('id', '=', product.id)
        .executeTakeFirst();
      expect(p?.category_id).toBeNull();
    });

    itRefusesDelete(t, 'support', 'forceDeleteCategory', {
      ...row,
      remove: (id, headers) =>
        t.app.inject({ method: 'DELETE', url: `${URL}${id}/force`, headers }),
    });
  });
});
