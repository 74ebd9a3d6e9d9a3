// Customers: the account behind a magic-link sign-in, its profile and its address book, with
// their presenters. A customer access token is not re-checked by access.ts: every customer
// operation loads the account here, and a deactivated or deleted one gets 401.
import type { Updateable } from 'kysely';
import type { AppContext } from '../../context';
import { fromBool, toBool } from '../../db/bool';
import type { AddressesTable, AddressRow, CustomerRow, CustomersTable } from '../../db/schema';
import type { Db } from '../../db/database';
import { normaliseVatNumber } from '../../domain/vat-number';
import { ACCOUNT_GONE, invalid, notFound, unauthorized } from '../../api/problem';
import type { Body, Schemas } from '../../api/types';
import { normaliseEmail, requiredText } from '../platform/text-input';

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'now'>;

const CUSTOMER_ERRORS = {
  addressNotFound: 'Address not found',
} as const;

type Customer = Schemas['Customer'];
type Address = Schemas['Address'];

function presentCustomer(row: CustomerRow): Schemas['Customer'] {
  return {
    id: Number(row.id),
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    customer_type: row.customer_type,
    company_name: row.company_name,
    vat_number: row.vat_number,
    country_code: row.country_code,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function presentAddress(row: AddressRow): Schemas['Address'] {
  return {
    id: Number(row.id),
    label: row.label,
    first_name: row.first_name,
    last_name: row.last_name,
    company: row.company,
    street_address: row.street_address,
    apartment: row.apartment,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    country: row.country,
    phone: row.phone,
    is_default: toBool(row.is_default),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The signed-in customer, or 401 when the account was deactivated or deleted since the token
 * was issued. With `lock` (inside a transaction) the row is locked on PostgreSQL, which
 * serialises the customer's address-book writes (SQLite serialises every writer anyway).
 */
export async function requireActiveCustomer(
  db: Db,
  customerId: number,
  lock?: { dialect: AppContext['dialect'] },
): Promise<CustomerRow> {
  let query = db.selectFrom('customers').selectAll().where('id', '=', customerId);
  if (lock?.dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row || !toBool(row.is_active)) throw unauthorized(ACCOUNT_GONE);
  return row;
}

/** The signed-in customer's profile (401 when the account is gone, see requireActiveCustomer). */
export async function getCustomerProfile(db: Db, customerId: number): Promise<Customer> {
  return presentCustomer(await requireActiveCustomer(db, customerId));
}

export function findCustomerByEmail(db: Db, email: string) {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

/** The customer with this e-mail, created (individual, TN) when there is none yet. */
/** The customer of a first sign-in is created as an individual in the shop's country. */
export async function findOrCreateCustomer(
  db: Db,
  email: string,
  now: Date,
  shopCountry: string,
): Promise<CustomerRow> {
  const address = normaliseEmail(email);
  const at = now.toISOString();
  // ON CONFLICT DO NOTHING: two first sign-ins of one address at once create one customer.
  await db
    .insertInto('customers')
    .values({
      email: address,
      customer_type: 'individual',
      country_code: shopCountry,
      is_active: 1,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const row = await findCustomerByEmail(db, address);
  if (!row) throw new Error(`Customer ${address} vanished while signing in`);
  return row;
}

export async function updateCustomerProfile(
  ctx: Ctx,
  customerId: number,
  input: Body<'updateCustomerProfile'>,
): Promise<Customer> {
  const changes: Updateable<CustomersTable> = {};
  for (const field of ['first_name', 'last_name', 'phone', 'company_name'] as const) {
    if (input[field] !== undefined) changes[field] = nullableText(input[field], field);
  }
  if (input.customer_type !== undefined) changes.customer_type = input.customer_type;
  if (input.country_code !== undefined) changes.country_code = input.country_code.toUpperCase();
  if (input.vat_number !== undefined) {
    const vat = input.vat_number === null ? null : normaliseVatNumber(input.vat_number);
    if (vat === '') {
      throw invalid(['body', 'vat_number'], 'VAT number must contain letters or digits');
    }
    changes.vat_number = vat;
  }
  const row = await ctx.db
    .updateTable('customers')
    .set({ ...changes, updated_at: ctx.now().toISOString() })
    .where('id', '=', customerId)
    .where('is_active', '=', 1)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw unauthorized(ACCOUNT_GONE);
  return presentCustomer(row);
}

// --- Address book ---------------------------------------------------------------------------

/** The active customer's addresses: the default first, then newest first. */
export async function listAddresses(db: Db, customerId: number): Promise<Address[]> {
  await requireActiveCustomer(db, customerId);
  const rows = await db
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(presentAddress);
}

const OPTIONAL_ADDRESS_FIELDS = ['label', 'company', 'apartment', 'state'] as const;
const REQUIRED_ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'street_address',
  'city',
  'postal_code',
  'phone',
] as const;

/**
 * Adds an address. With is_default, or as the customer's first address, it becomes the default
 * and the others stop being it, in one transaction under the customer's row lock.
 */
export async function createAddress(
  ctx: Ctx,
  customerId: number,
  input: Body<'createAddress'>,
): Promise<Address> {
  const values = addressValues(input);
  const at = ctx.now().toISOString();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await requireActiveCustomer(trx, customerId, ctx);
    const existing = await trx
      .selectFrom('addresses')
      .select('id')
      .where('customer_id', '=', customerId)
      .limit(1)
      .executeTakeFirst();
    const isDefault = input.is_default === true || existing === undefined;
    if (isDefault) await clearDefault(trx, customerId, at);
    return trx
      .insertInto('addresses')
      .values({
        customer_id: customerId,
        label: values.label ?? null,
        first_name: values.first_name as string,
        last_name: values.last_name as string,
        company: values.company ?? null,
        street_address: values.street_address as string,
        apartment: values.apartment ?? null,
        city: values.city as string,
        state: values.state ?? null,
        postal_code: values.postal_code as string,
        country: values.country as string,
        phone: values.phone as string,
        is_default: fromBool(isDefault),
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentAddress(row);
}

/** Changes the fields sent; 404 for an address that is not the customer's. */
export async function updateAddress(
  ctx: Ctx,
  customerId: number,
  addressId: number,
  input: Body<'updateAddress'>,
): Promise<Address> {
  const values = addressValues(input);
  const at = ctx.now().toISOString();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await requireActiveCustomer(trx, customerId, ctx);
    await ownAddress(trx, customerId, addressId);
    if (input.is_default === true) await clearDefault(trx, customerId, at);
    return trx
      .updateTable('addresses')
      .set({
        ...values,
        ...(input.is_default === undefined ? {} : { is_default: fromBool(input.is_default) }),
        updated_at: at,
      })
      .where('id', '=', addressId)
      .where('customer_id', '=', customerId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentAddress(row);
}

/** Deletes the address; no other one is promoted to default. 404 when not the customer's. */
export async function deleteAddress(ctx: Ctx, customerId: number, addressId: number) {
  await requireActiveCustomer(ctx.db, customerId);
  const result = await ctx.db
    .deleteFrom('addresses')
    .where('id', '=', addressId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(CUSTOMER_ERRORS.addressNotFound);
}

async function ownAddress(db: Db, customerId: number, addressId: number) {
  const row = await db
    .selectFrom('addresses')
    .select('id')
    .where('id', '=', addressId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound(CUSTOMER_ERRORS.addressNotFound);
}

async function clearDefault(db: Db, customerId: number, at: string) {
  await db
    .updateTable('addresses')
    .set({ is_default: 0, updated_at: at })
    .where('customer_id', '=', customerId)
    .where('is_default', '=', 1)
    .execute();
}

type AddressInput = Body<'createAddress'> | Body<'updateAddress'>;
type AddressValues = Omit<
  Updateable<AddressesTable>,
  'id' | 'customer_id' | 'is_default' | 'created_at' | 'updated_at'
>;

/** The text fields sent, trimmed (blank refused), and the country upper-cased. */
function addressValues(input: AddressInput): AddressValues {
  const values: AddressValues = {};
  for (const field of OPTIONAL_ADDRESS_FIELDS) {
    if (input[field] !== undefined) values[field] = nullableText(input[field], field);
  }
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    const value = input[field];
    if (value !== undefined) values[field] = notBlank(value, field);
  }
  if (input.country !== undefined) values.country = input.country.toUpperCase();
  return values;
}

const notBlank = (value: string, field: string) =>
  requiredText(value, field, `${label(field)} must not be blank`);

/** Null stays null (clears the field); a string is trimmed and must not be blank. */
function nullableText(value: string | null, field: string): string | null {
  return value === null ? null : notBlank(value, field);
}

function label(field: string): string {
  const text = field.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
