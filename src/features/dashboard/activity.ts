import type { ActivityItem } from '@generated/model';
import { entityLabel } from '@/features/audit-log';
import { formatDateTime, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import { t } from './messages';

/** One line of Recent Activity: what happened in words, when, and where to read more. */
export interface ActivityLine {
  key: string;
  text: string;
  when: string;
  href: string;
}

/** Who placed an order: the shipping name, else the e-mail. */
function customerOf(order: NonNullable<ActivityItem['order']>): string {
  const { first_name, last_name, email } = order.shipping_address;
  return `${first_name} ${last_name}`.trim() || email;
}

/**
 * An item in words, in the active language: 'Order ORD-… placed by Leila Ben Ali — 120.000 TND',
 * 'admin created Category Olive oil' (the entity named as the audit log screen names it).
 */
export function activityLine(item: ActivityItem): ActivityLine {
  const when = formatDateTime(item.at);
  if (item.order) {
    const order = item.order;
    return {
      key: `order-${order.id}`,
      text: t('activityOrder', {
        number: order.order_number,
        customer: customerOf(order),
        amount: formatMoney(order.total_amount),
      }),
      when,
      href: paths.orders.detail(order.id),
    };
  }
  const entry = item.audit;
  if (!entry) throw new Error('An activity item is an order or an audit entry');
  const label =
    entry.label ||
    (entry.entity_id === null || entry.entity === 'shop_settings' ? '' : `#${entry.entity_id}`);
  return {
    key: `audit-${entry.id}`,
    text: t(`activity.${entry.action}`, {
      admin: entry.admin_username ?? t('system'),
      entity: entityLabel(entry.entity),
      label,
    }).trim(),
    when,
    href: paths.auditLog,
  };
}
