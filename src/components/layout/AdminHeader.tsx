import { Box, Button, Flex, HStack, IconButton, Separator, Text } from '@chakra-ui/react';
import { LogOutIcon, PanelLeftIcon, UserIcon } from '@/components/icons';
import { ColorModeToggle, LanguageMenu } from './HeaderPreferences';
import { useT } from './messages';

interface AdminHeaderProps {
  username: string | null;
  onToggleSidebar: () => void;
  onLogout: () => void;
  /** While the server is told (the button is disabled meanwhile). */
  loggingOut?: boolean;
}

/** Top bar of the admin area: sidebar toggle, 'Manage your store', language, colour mode, the admin and Logout. */
export function AdminHeader({
  username,
  onToggleSidebar,
  onLogout,
  loggingOut = false,
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
          <HStack gap="1.5" color="fg.muted">
            <UserIcon boxSize="4" flexShrink={0} />
            <Text
              fontSize="sm"
              truncate
              maxW={{ base: '6rem', sm: '12rem' }}
              data-testid="current-user"
            >
              {username}
            </Text>
          </HStack>
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
