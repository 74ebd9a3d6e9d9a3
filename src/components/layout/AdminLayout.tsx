import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { useConfirmLeave } from '@/components/unsaved-changes';
import { authStore, logout } from '@/lib/auth/store';
import { usernameOf } from '@/lib/auth/user';
import { AdminHeader } from './AdminHeader';
import { AppSidebar } from './AppSidebar';
import { SidebarProvider, useSidebar } from './sidebar-context';

/** Frame of every admin screen (spec §2): sidebar, header, and the screen below the header. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <Flex minH="100vh" bg="bg">
        <AppSidebar />
        <Flex direction="column" flex="1" minW="0">
          <Header />
          <Box as="main" flex="1" p={{ base: '4', md: '6' }}>
            {children}
          </Box>
        </Flex>
      </Flex>
    </SidebarProvider>
  );
}

function Header() {
  const { user } = useSnapshot(authStore);
  const { toggle } = useSidebar();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();

  const confirmLeave = useConfirmLeave();

  function handleLogout() {
    // Unsaved changes: asked first (signing out loses them).
    confirmLeave(() => {
      logout();
      // The next admin must not see this one's cached data.
      void mutate(() => true, undefined, { revalidate: false });
      navigate('/auth');
    });
  }

  return (
    <AdminHeader username={usernameOf(user)} onToggleSidebar={toggle} onLogout={handleLogout} />
  );
}
