import { Box, Flex } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useConfirmLeave } from '@/components/unsaved-changes';
import { useSignOut } from '@/lib/auth/sign-out';
import { authStore } from '@/lib/auth/store';
import { AdminHeader } from './AdminHeader';
import { AppSidebar } from './AppSidebar';
import { useFocusHeadingOnNavigation } from './focus-on-navigation';
import { SidebarProvider, useSidebar } from './sidebar-context';
import { MAIN_ID, SkipLink } from './SkipLink';

/** Frame of every admin screen (docs/product.md §2): sidebar, header, and the screen below the header. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);
  return (
    <SidebarProvider>
      <SkipLink main={main} />
      <Flex minH="100vh" bg="bg">
        <AppSidebar />
        <Flex direction="column" flex="1" minW="0">
          <Header />
          <Box
            as="main"
            ref={main}
            id={MAIN_ID}
            tabIndex={-1}
            flex="1"
            minW="0"
            p={{ base: '4', md: '6' }}
            _focusVisible={{ outline: 'none' }}
          >
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
  const { signOut, signingOut } = useSignOut();
  const confirmLeave = useConfirmLeave();
  // Unsaved changes: asked first (signing out loses them).
  const handleLogout = () => confirmLeave(() => void signOut());

  return (
    <AdminHeader
      username={user?.username ?? null}
      onToggleSidebar={toggle}
      onLogout={handleLogout}
      loggingOut={signingOut}
      showApiReference={user?.role === 'super_admin'}
    />
  );
}
