// The shop's settings (one row, id 1, created by migration 008): the seller's identity on
// documents, the number prefixes, the stamp duty, the shop's time zone and the roles that must
// sign in with a second factor (stored as a JSON array, logged as a list). A save writes the row
// and its change log entry (each field before and after, as the contract writes values) in one
// transaction; a save that changes nothing writes nothing.
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import { invalid } from '../../api/problem';
import { json, money } from '../../api/present';
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { rebuildSalesRollups } from '../../db/migrations/038_sales_rollups';
import {
  canonicalTimeZone,
  INVALID_MATRICULE,
  shopMatricule,
  UNKNOWN_TIME_ZONE,
} from '../../domain/invoice-settings';
import { missingForInvoices } from '../../domain/invoice-identity';
import { toMillimes } from '../../domain/money';
import { ROLES, type AdminRole } from '../../domain/roles';
import type { StampDutySettings } from '../../domain/stamp-duty';
import type { Storage } from '../../storage/storage';
import { freezeLogo } from '../billing/document-logos';
import { checkNumbering } from '../billing/document-numbering';
import { mediaUrl } from './signed-urls';
import { optionalText, requiredText } from './text-input';
import { recordAudit, type AuditActor } from './audit';
import { parseRequiredRoles } from '../identity/two-factor';
import {
  emailSwitches,
  ORDER_EMAIL_EVENTS,
  switchedOff,
  switchedOffAfter,
} from '../../domain/order-emails';

export type ShopSettingsRow = Selectable<Database['shop_settings']>;
type ShopSettings = Schemas['ShopSettings'];
type ShopSettingsUpdate = Schemas['ShopSettingsUpdate'];
type Change = Schemas['ShopSettingsChange']['changes'][number];

/**
 * The settings row. With `lock` (inside a transaction) the row is locked on PostgreSQL, so two
 * saves queue and each logs what the other left as its "before" (SQLite serialises writers).
 * With `share`, as issuing documents reads it: the documents numbered with these prefixes and
 * a save changing them queue on each other (services/billing/document-numbering.ts).
 */
export async function loadShopSettings(
  db: Db,
  lock?: { dialect: AppContext['dialect']; share?: boolean },
): Promise<ShopSettingsRow> {
  let query = db.selectFrom('shop_settings').selectAll().where('id', '=', 1);
  if (lock?.dialect === 'postgres') query = lock.share ? query.forShare() : query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

/** The IANA time zone the shop's dates (invoice years, exported times) are taken in. */
export async function shopTimeZone(db: Db): Promise<string> {
  const row = await db
    .selectFrom('shop_settings')
    .select('time_zone')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.time_zone;
}

/**
 * The settings the stamp duty rule reads (domain/stamp-duty.ts): the cart, checkout and staff
 * orders apply it with them, in the caller's transaction.
 */
export async function loadStampDutySettings(db: Db): Promise<StampDutySettings> {
  const row = await db
    .selectFrom('shop_settings')
    .select(['stamp_duty', 'stamp_duty_applies_to'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    stamp_duty: Number(row.stamp_duty),
    stamp_duty_applies_to: row.stamp_duty_applies_to,
  };
}

/** Order e-mails switched off as the change log shows them: "shipped, delivered", null for none. */
const eventsText = (events: readonly string[]) => (events.length > 0 ? events.join(', ') : null);
const eventsOfText = (text: string | null | undefined) =>
  ORDER_EMAIL_EVENTS.filter((event) => (text ?? '').split(', ').includes(event));

/** Roles as the change log shows them: "super_admin, admin", null for none. */
const rolesText = (roles: readonly AdminRole[]) => (roles.length > 0 ? roles.join(', ') : null);
const rolesOfText = (text: string | null | undefined): AdminRole[] =>
  ROLES.filter((role) => (text ?? '').split(', ').includes(role));

/**
 * The settings' fields that the change log shares with the contract, in the contract's form
 * (the required roles as a list, see rolesText).
 */
function editable(row: ShopSettingsRow) {
  return {
    legal_name: row.legal_name,
    address: row.address,
    matricule_fiscal: row.matricule_fiscal,
    trade_register_number: row.trade_register_number,
    phone: row.phone,
    email: row.email,
    logo_key: row.logo_key,
    invoice_prefix: row.invoice_prefix,
    credit_note_prefix: row.credit_note_prefix,
    stamp_duty: money(row.stamp_duty),
    stamp_duty_applies_to: row.stamp_duty_applies_to,
    stamp_duty_on_credit_notes: row.stamp_duty_on_credit_notes,
    time_zone: row.time_zone,
    two_factor_required_roles: rolesText(parseRequiredRoles(row.two_factor_required_roles)),
    order_emails_off: eventsText(switchedOff(row.order_emails_off)),
  };
}

type Editable = ReturnType<typeof editable>;

export async function getShopSettings(db: Db): Promise<ShopSettings> {
  const row = await db
    .selectFrom('shop_settings as s')
    .leftJoin('admin_users as a', 'a.id', 's.updated_by_admin_id')
    .selectAll('s')
    .select('a.username')
    .where('s.id', '=', 1)
    .executeTakeFirstOrThrow();
  const { order_emails_off: emailsOff, ...fields } = editable(row);
  return {
    ...fields,
    order_emails: emailSwitches(eventsOfText(emailsOff)),
    two_factor_required_roles: rolesOfText(fields.two_factor_required_roles),
    logo_url: fields.logo_key === null ? null : mediaUrl(fields.logo_key),
    missing_for_invoices: missingForInvoices(row),
    updated_at: row.updated_at,
    updated_by: row.username,
  };
}

/** The values a save would store, normalised and validated (422 on the first bad field). */
async function normalise(
  body: ShopSettingsUpdate,
  storage: Storage,
  db: Db,
): Promise<Partial<Editable>> {
  const next: Partial<Editable> = {};
  if (body.legal_name !== undefined) next.legal_name = requiredText(body.legal_name, 'legal_name');
  if (body.address !== undefined) next.address = requiredText(body.address, 'address');
  if (body.matricule_fiscal !== undefined) {
    const matricule = shopMatricule(body.matricule_fiscal);
    if (matricule === null) throw invalid(['body', 'matricule_fiscal'], INVALID_MATRICULE);
    next.matricule_fiscal = matricule;
  }
  if (body.trade_register_number !== undefined) {
    next.trade_register_number = optionalText(body.trade_register_number);
  }
  if (body.phone !== undefined) next.phone = optionalText(body.phone);
  if (body.email !== undefined) next.email = optionalText(body.email);
  if (body.logo_key !== undefined) {
    // Frozen before the settings name it: every document issued with it prints these bytes.
    if (body.logo_key !== null) await freezeLogo(db, storage, body.logo_key);
    next.logo_key = body.logo_key;
  }
  if (body.invoice_prefix !== undefined) next.invoice_prefix = body.invoice_prefix;
  if (body.credit_note_prefix !== undefined) next.credit_note_prefix = body.credit_note_prefix;
  if (body.stamp_duty !== undefined) next.stamp_duty = money(toMillimes(body.stamp_duty));
  if (body.stamp_duty_applies_to !== undefined) {
    next.stamp_duty_applies_to = body.stamp_duty_applies_to;
  }
  if (body.stamp_duty_on_credit_notes !== undefined) {
    next.stamp_duty_on_credit_notes = body.stamp_duty_on_credit_notes;
  }
  if (body.time_zone !== undefined) {
    const zone = canonicalTimeZone(body.time_zone);
    if (zone === null) throw invalid(['body', 'time_zone'], UNKNOWN_TIME_ZONE);
    next.time_zone = zone;
  }
  if (body.two_factor_required_roles !== undefined) {
    // In the matrix's order, so that the same set is the same text whatever order was sent.
    next.two_factor_required_roles = rolesText(
      ROLES.filter((role) => body.two_factor_required_roles!.includes(role)),
    );
  }
  return next;
}

export async function updateShopSettings(
  { db, dialect }: Pick<AppContext, 'db' | 'dialect'>,
  storage: Storage,
  body: ShopSettingsUpdate,
  admin: AuditActor,
  now: Date,
): Promise<ShopSettings> {
  const next = await normalise(body, storage, db);
  await db.transaction().execute(async (trx) => {
    const before = editable(await loadShopSettings(trx, { dialect }));
    // The switches sent are applied to the stored ones (the others keep their value).
    if (body.order_emails !== undefined) {
      next.order_emails_off = eventsText(
        switchedOffAfter(eventsOfText(before.order_emails_off), body.order_emails),
      );
    }
    const changes: Change[] = [];
    for (const [field, after] of Object.entries(next) as [keyof Editable, string | null][]) {
      if (before[field] !== after) changes.push({ field, before: before[field], after });
    }
    if (changes.length === 0) return;
    // Prefixes and time zone number the documents: refused now if they could collide later.
    const numbering = [body.invoice_prefix, body.credit_note_prefix, body.time_zone];
    if (numbering.some((value) => value !== undefined)) {
      await checkNumbering(
        trx,
        { ...before, ...next },
        {
          invoice_prefix: body.invoice_prefix !== undefined,
          credit_note_prefix: body.credit_note_prefix !== undefined,
        },
        now,
      );
    }
    const at = now.toISOString();
    const {
      stamp_duty: stampDuty,
      two_factor_required_roles: roles,
      order_emails_off: emailsOff,
      ...texts
    } = next;
    await trx
      .updateTable('shop_settings')
      .set({
        ...texts,
        ...(stampDuty === undefined ? {} : { stamp_duty: toMillimes(stampDuty) }),
        ...(roles === undefined
          ? {}
          : { two_factor_required_roles: JSON.stringify(rolesOfText(roles)) }),
        ...(emailsOff === undefined
          ? {}
          : { order_emails_off: JSON.stringify(eventsOfText(emailsOff)) }),
        updated_at: at,
        updated_by_admin_id: admin?.id ?? null,
      })
      .where('id', '=', 1)
      .execute();
    // The sales roll-ups count the shop's days: a new time zone moves orders between days, so
    // its days and the roll-ups are rebuilt before anyone can read them (migration 038).
    const zone = changes.find((c) => c.field === 'time_zone')?.after;
    if (zone) await rebuildSalesRollups(trx, zone);
    await trx
      .insertInto('shop_settings_changes')
      .values({
        changed_by_admin_id: admin?.id ?? null,
        changes: JSON.stringify(changes),
        created_at: at,
      })
      .execute();
    await recordAudit(trx, admin, {
      action: 'update',
      entity: 'shop_settings',
      entity_id: 1,
      before: Object.fromEntries(changes.map((c) => [c.field, c.before])),
      after: Object.fromEntries(changes.map((c) => [c.field, c.after])),
    });
  });
  return getShopSettings(db);
}

export async function listShopSettingsChanges(
  db: Db,
  page: { skip: number; limit: number },
): Promise<{ items: Schemas['ShopSettingsChange'][]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('shop_settings_changes as c')
      .leftJoin('admin_users as a', 'a.id', 'c.changed_by_admin_id')
      .select(['c.id', 'c.changes', 'c.created_at', 'a.username'])
      // Ids follow the saves' order (each inserts while holding the settings row), where the
      // times, taken before waiting for the row, may not.
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset(page.skip)
      .execute(),
    db
      .selectFrom('shop_settings_changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      changed_by: r.username,
      created_at: r.created_at,
      changes: json<Change[]>(r.changes, []),
    })),
    total: Number(count.n),
  };
}
