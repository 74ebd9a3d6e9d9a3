import { Box, CloseButton, Drawer, Flex, Portal, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { StoreIcon } from '@/components/icons';
import { useCan } from '@/lib/auth/permissions';
import { appName } from '@/lib/hooks/use-page-title';
import { useT } from './messages';
import { navItemsFor, reportItemsFor } from './nav-items';
import {
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  useSidebar,
} from './sidebar-context';
import { SidebarNav } from './SidebarNav';

function Brand({ collapsed = false }: { collapsed?: boolean }) {
  return (
    <Flex align="center" gap="2" h="14" px="3" borderBottomWidth="1px" overflow="hidden">
      <StoreIcon boxSize="5" flexShrink={0} color="colorPalette.fg" />
      <Text fontWeight="semibold" truncate opacity={collapsed ? 0 : 1}>
        {appName()}
      </Text>
    </Flex>
  );
}

/**
 * The admin sidebar (docs/product.md §2): a sticky column 16rem wide, collapsed to a 3rem icon rail, and
 * below 768px an off-canvas drawer 18rem wide instead.
 */
export function AppSidebar() {
  const t = useT();
  const { isMobile, open, openMobile, setOpenMobile } = useSidebar();
  const [location] = useLocation();
  const can = useCan();
  const items = useMemo(() => navItemsFor(can), [can]);
  const reports = useMemo(() => reportItemsFor(can), [can]);

  if (isMobile)
    return (
      <Drawer.Root
        open={openMobile}
        onOpenChange={(details) => setOpenMobile(details.open)}
        placement="start"
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content
              data-testid="sidebar"
              data-mobile="true"
              width={SIDEBAR_WIDTH_MOBILE}
              maxW={SIDEBAR_WIDTH_MOBILE}
              bg="bg.subtle"
            >
              <Drawer.Title srOnly>{t('navigation')}</Drawer.Title>
              <Brand />
              <Drawer.Body p="0">
                <SidebarNav
                  items={items}
                  location={location}
                  onNavigate={() => setOpenMobile(false)}
                />
                {reports.length > 0 && (
                  <SidebarNav
                    items={reports}
                    title={t('reports')}
                    location={location}
                    onNavigate={() => setOpenMobile(false)}
                  />
                )}
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('closeNavigation')} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    );

  return (
    <Box
      as="aside"
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      width={open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON}
      flexShrink={0}
      position="sticky"
      top="0"
      height="100vh"
      overflowX="hidden"
      overflowY="auto"
      borderEndWidth="1px"
      bg="bg.subtle"
      transition="width 0.2s ease"
    >
      <Brand collapsed={!open} />
      <SidebarNav items={items} location={location} collapsed={!open} />
      {reports.length > 0 && (
        <SidebarNav items={reports} title={t('reports')} location={location} collapsed={!open} />
      )}
    </Box>
  );
}
