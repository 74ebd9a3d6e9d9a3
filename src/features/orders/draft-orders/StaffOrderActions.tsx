import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { PlusIcon } from '@/components/icons';
import { usePermission } from '@/lib/auth/permissions';
import { paths } from '@/lib/paths';
import { useT } from './messages';

/**
 * 'Drafts' and 'Create order' beside the orders list's title, for the admins who may create a
 * staff order (createDraftOrder's x-permission, orders:write).
 */
export function StaffOrderActions() {
  const t = useT();
  if (!usePermission('orders:write')) return null;
  return (
    <>
      <Button asChild variant="outline">
        <Link href={paths.orders.drafts}>{t('drafts')}</Link>
      </Button>
      <Button asChild>
        <Link href={paths.orders.create}>
          <PlusIcon />
          {t('createOrder')}
        </Link>
      </Button>
    </>
  );
}
