import { Badge, type BadgeProps } from '@chakra-ui/react';
import { BADGE_PROPS } from '@/components/list-screen';
import { paymentStatusBadge, paymentStatusLabel } from './payment-display';

/** An order's payment status as a badge ('Partially paid'). */
export function PaymentStatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const variant = paymentStatusBadge(status);
  return (
    <Badge {...BADGE_PROPS[variant]} data-variant={variant} {...props}>
      {paymentStatusLabel(status)}
    </Badge>
  );
}
