import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { useT } from './messages';

/** 'Remittances' beside the orders list's title: the carriers' cash-on-delivery payments. */
export function RemittancesLink() {
  const t = useT();
  return (
    <Button asChild variant="outline">
      <Link href={paths.orders.remittances}>{t('remittancesLink')}</Link>
    </Button>
  );
}
