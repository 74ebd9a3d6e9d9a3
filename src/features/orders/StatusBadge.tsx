import { Badge, Box, type BadgeProps } from '@chakra-ui/react';
import { BADGE_PROPS } from '@/components/list-screen';
import { statusBadgeVariant, statusWords } from './order-display';

const FIRST_LETTER_UP = { '&::first-letter': { textTransform: 'uppercase' } } as const;

/**
 * An order status as a badge (docs/product.md §4 styles): the status in words, lower case as the
 * API's value, its first letter capitalised by CSS (every word's would be wrong in French).
 */
export function StatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  const variant = statusBadgeVariant(status);
  return (
    <Badge {...BADGE_PROPS[variant]} data-variant={variant} {...props}>
      <Box as="span" display="inline-block" css={FIRST_LETTER_UP}>
        {statusWords(status)}
      </Box>
    </Badge>
  );
}
