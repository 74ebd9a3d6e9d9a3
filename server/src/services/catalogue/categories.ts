// Categories: a tree through parent_id. Public reads see active categories only; admin writes
// keep slugs unique and the tree free of cycles.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppContext } from '../../context';
import { fromBool, toBool } from '../../db/bool';
import type { CategoryRow, CategoryUpdate as CategoryChanges, Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/transaction';
import { conflict, invalid, notFound } from '../../api/problem';
import type { Schemas } from '../../api/types';
import { optionalText, requiredText } from '../platform/text-input';
import { auditEntries, recordAudit, type AuditActor, type AuditKind } from '../platform/audit';
import { emitProductsUpdated } from '../webhooks/product-events';

export type Store = Pick<AppContext, 'db' | 'dialect'>;

type Category = Schemas['Category'];
export type CategoryCreateInput = Schemas['CategoryCreate'];
export type CategoryUpdateInput = Schemas['CategoryUpdate'];

const CATEGORY_NOT_FOUND = 'Category not found';
const SLUG_TAKEN = 'Slug already exists';
const PARENT_NOT_FOUND = 'Parent category not found';
const CYCLE = 'A category cannot be moved under itself or one of its descendants';

function presentCategory(row: CategoryRow): Schemas['Category'] {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    description: row.description,
    image_url: row.image_url,
    parent_id: row.parent_id === null ? null : Number(row.parent_id),
    is_active: toBool(row.is_active),
    display_order: Number(row.display_order),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const categoriesOf = (db: Db) => db.selectFrom('categories').selectAll();

/** The public order of categories, one rule for every list: display_order, then name, then id. */
async function inPublicOrder(query: ReturnType<typeof categoriesOf>): Promise<Category[]> {
  const rows = await query
    .orderBy('display_order', 'asc')
    .orderBy('name', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(presentCategory);
}

/** Active categories by display_order then name; with parentId only its active children. */
export async function listActiveCategories(db: Db, parentId?: number): Promise<Category[]> {
  let query = categoriesOf(db).where('is_active', '=', 1);
  if (parentId !== undefined) query = query.where('parent_id', '=', parentId);
  return inPublicOrder(query);
}

/**
 * Every category for the admin screens, active and inactive (soft deleted), in the public order;
 * with isActive only the active (true) or only the inactive (false) ones.
 */
export async function listAllCategories(db: Db, isActive?: boolean): Promise<Category[]> {
  let query = categoriesOf(db);
  if (isActive !== undefined) query = query.where('is_active', '=', fromBool(isActive));
  return inPublicOrder(query);
}

export async function getActiveCategoryBySlug(db: Db, slug: string): Promise<Category> {
  const row = await db
    .selectFrom('categories')
    .selectAll()
    .where('slug', '=', slug)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return presentCategory(row);
}

async function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

async function getCategory(db: Db, id: number): Promise<CategoryRow> {
  const row = await findCategory(db, id);
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

/** The log names a category by its name. */
const CATEGORY: AuditKind<CategoryRow, Schemas['Category']> = {
  entity: 'category',
  view: presentCategory,
  label: (c) => c.name,
};

export async function createCategory(
  store: Store,
  input: CategoryCreateInput,
  now: string,
  actor: AuditActor,
): Promise<Category> {
  const values = {
    name: requiredText(input.name, 'name'),
    slug: input.slug,
    description: optionalText(input.description),
    image_url: optionalText(input.image_url),
    parent_id: input.parent_id ?? null,
    is_active: fromBool(input.is_active ?? true),
    display_order: input.display_order ?? 0,
    created_at: now,
    updated_at: now,
  };
  if (await slugTaken(store.db, values.slug, null)) throw conflict(SLUG_TAKEN);
  if (values.parent_id !== null && !(await findCategory(store.db, values.parent_id))) {
    throw invalid(['body', 'parent_id'], PARENT_NOT_FOUND);
  }
  try {
    return await store.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('categories')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, auditEntries(CATEGORY, 'create', { after: [row] }));
      return presentCategory(row);
    });
  } catch (err) {
    throw mapWriteError(err);
  }
}

export async function updateCategory(
  store: Store,
  id: number,
  input: CategoryUpdateInput,
  now: string,
  actor: AuditActor,
): Promise<Category> {
  const changes: CategoryChanges = {};
  if (input.name !== undefined) changes.name = requiredText(input.name, 'name');
  if (input.slug !== undefined) changes.slug = input.slug;
  if (input.description !== undefined) changes.description = optionalText(input.description);
  if (input.image_url !== undefined) changes.image_url = optionalText(input.image_url);
  if (input.parent_id !== undefined) changes.parent_id = input.parent_id;
  if (input.is_active !== undefined) changes.is_active = fromBool(input.is_active);
  if (input.display_order !== undefined) changes.display_order = input.display_order;

  try {
    return await store.db.transaction().execute(async (trx) => {
      const parentId = changes.parent_id;
      if (parentId != null && store.dialect === 'postgres') {
        // Serialise re-parenting: two concurrent moves (A under B, B under A) would each pass
        // the cycle check against the other's old tree. SQLite serialises transactions anyway.
        await sql`select pg_advisory_xact_lock(hashtext('categories.tree'))`.execute(trx);
      }
      const before = await getCategory(trx, id);
      if (changes.slug !== undefined && (await slugTaken(trx, changes.slug, id))) {
        throw conflict(SLUG_TAKEN);
      }
      if (parentId != null) await assertValidParent(trx, id, parentId);
      const after = await trx
        .updateTable('categories')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        actor,
        auditEntries(CATEGORY, 'update', { before: [before], after: [after] }),
      );
      return presentCategory(after);
    });
  } catch (err) {
    throw mapWriteError(err);
  }
}

/** Soft delete: is_active false. An inactive category is returned unchanged. */
export async function deactivateCategory(
  db: Kysely<Database>,
  id: number,
  now: string,
  actor: AuditActor,
): Promise<Category> {
  const deactivate = async (trx: Transaction<Database>): Promise<CategoryRow> => {
    const before = await getCategory(trx, id);
    if (before.is_active === 0) return before; // nothing to write
    const after = await trx
      .updateTable('categories')
      .set({ is_active: 0, updated_at: now })
      .where('id', '=', id)
      .where('is_active', '=', 1)
      .returningAll()
      .executeTakeFirst();
    if (!after) return getCategory(trx, id); // deactivated meanwhile
    await recordAudit(
      trx,
      actor,
      auditEntries(CATEGORY, 'update', { before: [before], after: [after] }),
    );
    return after;
  };
  return presentCategory(await db.transaction().execute(deactivate));
}

/**
 * Permanent delete. Children become top-level and products uncategorised; both are set here (so
 * their updated_at moves) and by the foreign keys' ON DELETE SET NULL for rows that race in.
 */
export async function forceDeleteCategory(
  db: Kysely<Database>,
  id: number,
  now: string,
  actor: AuditActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getCategory(trx, id);
    await trx
      .updateTable('categories')
      .set({ parent_id: null, updated_at: now })
      .where('parent_id', '=', id)
      .execute();
    const uncategorised = await trx
      .updateTable('products')
      .set({ category_id: null, updated_at: now })
      .where('category_id', '=', id)
      .returning('id')
      .execute();
    await trx.deleteFrom('categories').where('id', '=', id).execute();
    await recordAudit(trx, actor, auditEntries(CATEGORY, 'delete', { before: [before] }));
    // Each product left without its category is updated as the API shows it (#31).
    await emitProductsUpdated(
      trx,
      uncategorised.map((p) => p.id),
      new Date(now),
    );
  });
}

/** The new parent exists and is neither the category itself nor one of its descendants. */
async function assertValidParent(db: Db, id: number, parentId: number): Promise<void> {
  if (parentId === id) throw invalid(['body', 'parent_id'], CYCLE);
  const parent = await findCategory(db, parentId);
  if (!parent) throw invalid(['body', 'parent_id'], PARENT_NOT_FOUND);
  // Walk up from the new parent: meeting the category means the parent is its descendant.
  const seen = new Set<number>([parentId]);
  let current = parent.parent_id;
  while (current !== null) {
    if (current === id) throw invalid(['body', 'parent_id'], CYCLE);
    if (seen.has(current)) break; // an existing cycle elsewhere; never loop forever
    seen.add(current);
    const row = await db
      .selectFrom('categories')
      .select('parent_id')
      .where('id', '=', current)
      .executeTakeFirst();
    current = row ? row.parent_id : null;
  }
}

async function slugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('categories').select('id').where('slug', '=', slug);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Constraint failures of a race between the checks and the write. */
function mapWriteError(err: unknown): unknown {
  if (isUniqueViolation(err)) return conflict(SLUG_TAKEN);
  if (isForeignKeyViolation(err)) return invalid(['body', 'parent_id'], PARENT_NOT_FOUND);
  return err;
}
