// Kysely table types. Conventions (same on SQLite and PostgreSQL):
// - money: integer millimes (BIGINT); 1 TND = 1000 millimes
// - booleans: INTEGER 0/1 (see bool.ts)
// - timestamps and dates: ISO-8601 TEXT in UTC ("2025-01-31T12:00:00.000Z"); created_at and
//   updated_at default to now, but updates must set updated_at themselves
// - JSON values: TEXT, parse/stringify at the repository edge
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AdminRole } from '../domain/roles';

export type Id = Generated<number>;
/** Stored 0/1, read back as a number: map with toBool/fromBool. */
export type Bool = ColumnType<number, 0 | 1, 0 | 1>;
export type BoolDefault = ColumnType<number, 0 | 1 | undefined, 0 | 1>;
export type Timestamp = ColumnType<string, string | undefined, string>;
export type JsonText = ColumnType<string, string | undefined, string>;
export type IntDefault = ColumnType<number, number | undefined, number>;
export type UserType = 'admin' | 'customer';

export interface AdminUsersTable {
  id: Id;
  username: string;
  email: string;
  full_name: string;
  role: AdminRole;
  is_active: BoolDefault;
  password_hash: string;
  last_login: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Id;
  token_hash: string;
  family_id: string;
  user_type: UserType;
  user_id: number;
  expires_at: string;
  revoked_at: string | null;
  used_at: string | null;
  created_at: Timestamp;
}

export interface VatRatesTable {
  id: Id;
  name: string;
  /** Hundredths of a percent: 19.00 % -> 1900 (see domain/vat.ts). */
  rate_bp: number;
  country_code: string;
  description: string | null;
  is_default: BoolDefault;
  is_active: BoolDefault;
  effective_from: string;
  effective_to: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoriesTable {
  id: Id;
  name: string;
  slug: string;
  description: string | null;
  image_url: string | null;
  parent_id: number | null;
  is_active: BoolDefault;
  display_order: IntDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductsTable {
  id: Id;
  name: string;
  slug: string;
  description: string;
  short_description: string | null;
  category_id: number | null;
  brand: string | null;
  has_variants: BoolDefault;
  base_price: number;
  compare_at_price: number | null;
  vat_rate_id: number;
  price_includes_vat: BoolDefault;
  /** JSON array of URLs. */
  images: JsonText;
  is_active: BoolDefault;
  is_featured: BoolDefault;
  meta_title: string | null;
  meta_description: string | null;
  /** JSON array of strings. */
  tags: JsonText;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VariantsTable {
  id: Id;
  product_id: number;
  /** 1 for the hidden variant that carries a simple product's inventory. */
  is_default: BoolDefault;
  /** JSON object: option name -> value. */
  option_values: JsonText;
  sku: string;
  variant_title: string;
  price: number;
  compare_at_price: number | null;
  cost_price: number | null;
  /** Null: inherits the product's rate. */
  vat_rate_id: number | null;
  barcode: string | null;
  /** kg */
  weight: number | null;
  /** JSON {length, width, height, unit}. */
  dimensions: string | null;
  images: JsonText;
  stock_quantity: IntDefault;
  low_stock_threshold: IntDefault;
  track_inventory: BoolDefault;
  allow_backorder: BoolDefault;
  is_active: BoolDefault;
  position: IntDefault;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StockMovementsTable {
  id: Id;
  variant_id: number;
  delta: number;
  reason: string | null;
  stock_before: number;
  stock_after: number;
  admin_user_id: number | null;
  created_at: Timestamp;
}

export interface Database {
  admin_users: AdminUsersTable;
  refresh_tokens: RefreshTokensTable;
  vat_rates: VatRatesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  variants: VariantsTable;
  stock_movements: StockMovementsTable;
}

export type AdminUserRow = Selectable<AdminUsersTable>;
export type NewAdminUser = Insertable<AdminUsersTable>;
export type AdminUserUpdate = Updateable<AdminUsersTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type NewRefreshToken = Insertable<RefreshTokensTable>;
export type VatRateRow = Selectable<VatRatesTable>;
export type NewVatRate = Insertable<VatRatesTable>;
export type VatRateUpdate = Updateable<VatRatesTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type NewCategory = Insertable<CategoriesTable>;
export type CategoryUpdate = Updateable<CategoriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type VariantRow = Selectable<VariantsTable>;
export type NewVariant = Insertable<VariantsTable>;
export type VariantUpdate = Updateable<VariantsTable>;
export type StockMovementRow = Selectable<StockMovementsTable>;
export type NewStockMovement = Insertable<StockMovementsTable>;
