import { Badge } from '@chakra-ui/react';
import { BADGE_PROPS } from '@/components/list-screen';
import { roleInfo } from './roles';

/** The role as a badge; `data-style` names the product description's style (destructive, default, …). */
export function RoleBadge({ role }: { role: string }) {
  const { label, badge } = roleInfo(role);
  return (
    <Badge {...BADGE_PROPS[badge]} data-style={badge} whiteSpace="nowrap">
      {label}
    </Badge>
  );
}
