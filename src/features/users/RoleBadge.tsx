import { Badge } from '@chakra-ui/react';
import { roleInfo } from './roles';

const BADGE_PROPS = {
  destructive: { variant: 'solid', colorPalette: 'red' },
  default: { variant: 'solid', colorPalette: 'gray' },
  secondary: { variant: 'subtle', colorPalette: 'gray' },
  outline: { variant: 'outline', colorPalette: 'gray' },
} as const;

/** The role as a badge; `data-style` names the spec's style (destructive, default, …). */
export function RoleBadge({ role }: { role: string }) {
  const { label, badge } = roleInfo(role);
  return (
    <Badge {...BADGE_PROPS[badge]} data-style={badge} whiteSpace="nowrap">
      {label}
    </Badge>
  );
}
