import { Box, Button, IconButton, Menu, Portal } from '@chakra-ui/react';
import { LanguagesIcon, MoonIcon, SunIcon } from '@/components/icons';
import { useColorMode } from '@/components/ui/color-mode';
import { activateLocale, isLocale, LOCALE_NAMES, LOCALES, useLocale } from '@/lib/i18n';
import { useT } from './messages';

/**
 * The header's language menu: each language in its own name, the active one checked. The
 * trigger's name carries the visible language name too (WCAG 2.5.3, label in name).
 */
export function LanguageMenu() {
  const t = useT();
  const locale = useLocale();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('languageCurrent', { name: LOCALE_NAMES[locale] })}
          px={{ base: '2', sm: '3' }}
        >
          <LanguagesIcon />
          {/* Icon only on phones, as Logout: the title and the username keep their room. */}
          <Box as="span" hideBelow="sm" lang={locale}>
            {LOCALE_NAMES[locale]}
          </Box>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="10rem">
            <Menu.RadioItemGroup
              value={locale}
              onValueChange={({ value }) => {
                if (isLocale(value) && value !== locale) void activateLocale(value);
              }}
            >
              {LOCALES.map((option) => (
                <Menu.RadioItem key={option} value={option} lang={option}>
                  {LOCALE_NAMES[option]}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** Light or dark, a pressed/unpressed button named 'Dark mode'. */
export function ColorModeToggle() {
  const t = useT();
  const { colorMode, setColorMode } = useColorMode();
  const dark = colorMode === 'dark';
  return (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={t('darkMode')}
      aria-pressed={dark}
      title={t('darkMode')}
      onClick={() => setColorMode(dark ? 'light' : 'dark')}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}
