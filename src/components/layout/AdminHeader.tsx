import {
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Menu,
  Portal,
  Separator,
  Text,
} from '@chakra-ui/react';
import { Link } from 'wouter';
import { BookIcon, LogOutIcon, PanelLeftIcon, UserIcon } from '@/components/icons';
import { paths } from '@/lib/paths';
import { ColorModeToggle, LanguageMenu } from './HeaderPreferences';
import { useT } from './messages';

interface AdminHeaderProps {
  username: string | null;
  onToggleSidebar: () => void;
  onLogout: () => void;
  /** While the server is told (the button is disabled meanwhile). */
  loggingOut?: boolean;
  /** The user menu links the API reference (/api/docs, #31): super admins set up integrations. */
  showApiReference?: boolean;
}

/** Top bar of the admin area: sidebar toggle, 'Manage your store', language, colour mode, the admin and Logout. */
export function AdminHeader({
  username,
  onToggleSidebar,
  onLogout,
  loggingOut = false,
  showApiReference = false,
}: AdminHeaderProps) {
  const t = useT();
  return (
    <Flex
      as="header"
      align="center"
      gap="3"
      h="14"
      px={{ base: '3', md: '4' }}
      borderBottomWidth="1px"
      bg="bg"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <IconButton
        aria-label={t('toggleSidebar')}
        title={t('toggleSidebarHint')}
        variant="ghost"
        size="sm"
        onClick={onToggleSidebar}
      >
        <PanelLeftIcon _rtl={{ transform: 'scaleX(-1)' }} />
      </IconButton>
      <Separator orientation="vertical" height="5" />
      <Text fontWeight="medium" truncate minW="0">
        {t('manageYourStore')}
      </Text>
      {/* Does not shrink: the title gives way (truncated), the controls stay on screen. */}
      <HStack gap={{ base: '1', sm: '3' }} ms="auto" flexShrink={0}>
        <LanguageMenu />
        <ColorModeToggle />
        {username && (
          <UserMenu
            username={username}
            onLogout={onLogout}
            loggingOut={loggingOut}
            showApiReference={showApiReference}
          />
        )}
        {/* Icon only on phones, so the title and the username keep their room. */}
        <Button
          variant="outline"
          size="sm"
          onClick={onLogout}
          disabled={loggingOut}
          aria-label={t('logout')}
          px={{ base: '2', sm: '3' }}
        >
          <LogOutIcon _rtl={{ transform: 'scaleX(-1)' }} />
          <Box as="span" hideBelow="sm">
            {t('logout')}
          </Box>
        </Button>
      </HStack>
    </Flex>
  );
}

/**
 * The signed-in admin's name, opening their menu: My account (every role), the API reference
 * (super admins; a page of the server, opened in a new tab) and Logout.
 */
function UserMenu({
  username,
  onLogout,
  loggingOut,
  showApiReference,
}: {
  username: string;
  onLogout: () => void;
  loggingOut: boolean;
  showApiReference: boolean;
}) {
  const t = useT();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" color="fg.muted" px="2" minW="0" data-testid="user-menu">
          <UserIcon boxSize="4" flexShrink={0} />
          <Text
            as="span"
            fontSize="sm"
            truncate
            maxW={{ base: '6rem', sm: '12rem' }}
            data-testid="current-user"
          >
            {username}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="10rem">
            <Menu.Item value="account" asChild>
              <Link href={paths.account}>
                <UserIcon />
                {t('myAccount')}
              </Link>
            </Menu.Item>
            {showApiReference && (
              <Menu.Item value="api-reference" asChild>
                <a href={paths.apiReference} target="_blank" rel="noopener">
                  <BookIcon />
                  {t('apiReference')}
                </a>
              </Menu.Item>
            )}
            <Menu.Item value="logout" onClick={onLogout} disabled={loggingOut}>
              <LogOutIcon _rtl={{ transform: 'scaleX(-1)' }} />
              {t('logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
