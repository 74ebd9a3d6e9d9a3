import { Box, chakra, Portal, Text, Tooltip, VStack } from '@chakra-ui/react';
import { Link } from 'wouter';
import { directionOf, useLocale } from '@/lib/i18n';
import { useT } from './messages';
import { isNavItemActive, type NavItem } from './nav-items';

interface SidebarNavProps {
  items: readonly NavItem[];
  /** The group's name, shown above its links and naming its landmark (default 'Management'). */
  title?: string;
  location: string;
  /** Icons only, each with a tooltip (the 3rem rail). */
  collapsed?: boolean;
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** A group of the sidebar ('Management', 'Reports'): one link per screen; the current one is marked. */
export function SidebarNav({
  items,
  title,
  location,
  collapsed = false,
  onNavigate,
}: SidebarNavProps) {
  const t = useT();
  const name = title ?? t('management');
  return (
    <chakra.nav aria-label={name} px="2" py="2">
      <Text
        px="2"
        mb="1"
        h="8"
        lineHeight="2rem"
        fontSize="xs"
        fontWeight="medium"
        color="fg.muted"
        opacity={collapsed ? 0 : 1}
        aria-hidden={collapsed || undefined}
        truncate
      >
        {name}
      </Text>
      <VStack as="ul" gap="1" align="stretch" listStyleType="none">
        {items.map((item) => (
          <li key={item.href}>
            <NavLink
              item={item}
              active={isNavItemActive(item, location)}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </VStack>
    </chakra.nav>
  );
}

function NavLink({
  item,
  active,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  active: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { icon: Icon } = item;
  const label = item.label();
  // The tooltip sits beside the rail, on the content's side: the right, or the left in Arabic.
  const beside = directionOf(useLocale()) === 'rtl' ? 'left' : 'right';
  const link = (
    <Link href={item.href} onClick={onNavigate} asChild>
      <chakra.a
        display="flex"
        alignItems="center"
        gap="3"
        h="9"
        px="2"
        rounded="md"
        fontSize="sm"
        overflow="hidden"
        whiteSpace="nowrap"
        aria-current={active ? 'page' : undefined}
        aria-label={label}
        data-active={active || undefined}
        bg={active ? 'bg.emphasized' : undefined}
        fontWeight={active ? 'semibold' : 'normal'}
        _hover={{ bg: 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      >
        <Icon boxSize="4" flexShrink={0} />
        <Box as="span" truncate opacity={collapsed ? 0 : 1}>
          {label}
        </Box>
      </chakra.a>
    </Link>
  );
  if (!collapsed) return link;
  return (
    <Tooltip.Root positioning={{ placement: beside }} openDelay={150} closeDelay={0}>
      <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
