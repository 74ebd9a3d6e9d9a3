import { Badge, type BadgeProps } from '@chakra-ui/react';
import { BADGE_PROPS } from '@/components/list-screen';
import { statusBadgeVariant } from './order-display';

/** An order status as a badge (docs/product.md §4 styles); the text is the status value, capitalised by CSS. */
export function StatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const variant = statusBadgeVariant(status);
  return (
    <Badge {...BADGE_PROPS[variant]} textTransform="capitalize" data-variant={variant} {...props}>
      {status}
    </Badge>
  );
}
