// Static list of migrations (no folder scan) so it works under tsx, vitest and bundlers.
// Names sort lexically; append new ones, never rename or edit an applied one.
import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { catalogue } from './001_catalogue';
import { customersOrders } from './002_customers_orders';
import { authThrottle } from './003_auth_throttle';
import { vatInForce } from './004_vat_in_force';
import { stockLedger } from './005_stock_ledger';
import { lists } from './006_lists';
import { dataVersions } from './007_data_versions';
import { orderDocuments } from './008_order_documents';
import { auditLog } from './009_audit_log';
import { stockHistory } from './010_stock_history';
import { adminVersion } from './014_admin_version';
import { searchIndex } from './015_search_index';
import { listIndexes } from './016_list_indexes';
import { jobs } from './017_jobs';
import { sessions } from './018_sessions';
import { twoFactor } from './019_two_factor';
import { settingsVersion } from './020_settings_version';
import { frozenDocuments } from './021_frozen_documents';
import { vatTreatment } from './022_vat_treatment';
import { health } from './023_health';
import { mailDeliveries } from './024_mail_deliveries';
import { stockMovementKinds } from './025_movement_kinds';
import { productStock } from './026_product_stock';
import { draftOrders } from './027_draft_orders';
import { orderReturns } from './028_order_returns';
import { orderPayments } from './029_order_payments';
import { orderEmails } from './030_order_emails';
import { discounts } from './031_discounts';
import { customerNotes } from './032_customer_notes';
import { shipping } from './033_shipping';
import { draftShippingAmount } from './034_draft_shipping_amount';
import { stampDuty } from './035_stamp_duty';
import { teif } from './036_teif';
import { books } from './037_books';
import { salesRollups } from './038_sales_rollups';
import { stockReports } from './040_stock_reports';
import { customerFirstOrder } from './041_customer_first_order';
import { apiTokens } from './042_api_tokens';
import { webhooks } from './043_webhooks';
import { orderCategories } from './045_order_categories';
import { productSalesMonthly } from './046_product_sales_monthly';
import { remittanceDuplicates } from './047_remittance_duplicates';
import { categoryOrdersDaily } from './048_category_orders_daily';
import { productSalesQuarterly } from './049_product_sales_quarterly';

export function allMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    '001_catalogue': catalogue(dialect),
    '002_customers_orders': customersOrders(dialect),
    '003_auth_throttle': authThrottle(dialect),
    '004_vat_in_force': vatInForce(),
    '005_stock_ledger': stockLedger(dialect),
    '006_lists': lists(dialect),
    '007_data_versions': dataVersions(dialect),
    '008_order_documents': orderDocuments(dialect),
    '009_audit_log': auditLog(dialect),
    '010_stock_history': stockHistory(dialect),
    '014_admin_version': adminVersion(dialect),
    '015_search_index': searchIndex(dialect),
    '016_list_indexes': listIndexes(),
    '017_jobs': jobs(dialect),
    '018_sessions': sessions(dialect),
    '019_two_factor': twoFactor(dialect),
    '020_settings_version': settingsVersion(dialect),
    '021_frozen_documents': frozenDocuments(dialect),
    '022_vat_treatment': vatTreatment(dialect),
    '023_health': health(),
    '024_mail_deliveries': mailDeliveries(),
    '025_movement_kinds': stockMovementKinds(),
    '026_product_stock': productStock(dialect),
    '027_draft_orders': draftOrders(dialect),
    '028_order_returns': orderReturns(dialect),
    '029_order_payments': orderPayments(dialect),
    '030_order_emails': orderEmails(dialect),
    '031_discounts': discounts(dialect),
    '032_customer_notes': customerNotes(dialect),
    '033_shipping': shipping(dialect),
    '034_draft_shipping_amount': draftShippingAmount(),
    '035_stamp_duty': stampDuty(),
    '036_teif': teif(),
    '037_books': books(),
    '038_sales_rollups': salesRollups(dialect),
    '040_stock_reports': stockReports(),
    '041_customer_first_order': customerFirstOrder(dialect),
    '042_api_tokens': apiTokens(dialect),
    '043_webhooks': webhooks(dialect),
    '045_order_categories': orderCategories(dialect),
    '046_product_sales_monthly': productSalesMonthly(dialect),
    '047_remittance_duplicates': remittanceDuplicates(),
    '048_category_orders_daily': categoryOrdersDaily(dialect),
    '049_product_sales_quarterly': productSalesQuarterly(dialect),
  };
}
