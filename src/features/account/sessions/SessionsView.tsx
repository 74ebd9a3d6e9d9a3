import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { AdminSession } from '@generated/model';
import { FormSection } from '@/components/form';
import { LoadErrorState, LoadingState } from '@/components/list-screen';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { formatDateTime } from '@/lib/format';
import { useT } from './messages';

export interface SessionsViewProps {
  /** Most recently used first; undefined while loading. */
  sessions: readonly AdminSession[] | undefined;
  /** Why the list could not be loaded, else null. */
  loadError: string | null;
  onRetry: () => void;
  /** Resolves true when the session was ended or is gone (the dialog then closes); the container toasts. */
  onEnd: (session: AdminSession) => Promise<boolean>;
}

/**
 * My account's sessions: each browser or device signed in (the server's name for it, e.g.
 * "Chrome 131 on Windows"), its address and when it was last used (shop time), this one marked
 * "This device"; any may be ended (the current one signs this browser out).
 */
export function SessionsView({ sessions, loadError, onRetry, onEnd }: SessionsViewProps) {
  const t = useT();
  const [ending, setEnding] = useState<AdminSession | null>(null);
  const [busy, setBusy] = useState(false);
  // Without a user agent the server says "Unknown device": said in the page's language.
  const deviceOf = (session: AdminSession) =>
    session.user_agent ? session.device : t('unknownDevice');
  const addressOf = (session: AdminSession) => session.ip_address ?? t('unknownAddress');

  const confirmEnd = async () => {
    if (!ending) return;
    setBusy(true);
    const ended = await onEnd(ending);
    setBusy(false);
    if (ended) setEnding(null);
  };

  return (
    <FormSection title={t('title')} description={t('description')}>
      {loadError ? (
        <LoadErrorState title={t('loadFailed')} message={loadError} onRetry={onRetry} />
      ) : !sessions ? (
        <LoadingState text={t('loading')} />
      ) : sessions.length === 0 ? (
        <Text color="fg.muted" data-testid="sessions-empty">
          {t('empty')}
        </Text>
      ) : (
        <Stack as="ul" aria-label={t('listLabel')} gap="0" listStyleType="none" m="0" p="0">
          {sessions.map((session) => (
            <Flex
              as="li"
              key={session.id}
              data-testid="session"
              align={{ base: 'stretch', sm: 'center' }}
              direction={{ base: 'column', sm: 'row' }}
              gap="3"
              py="3"
              borderBottomWidth="1px"
              _last={{ borderBottomWidth: 0 }}
            >
              <Box flex="1" minW="0">
                <Flex align="center" gap="2" wrap="wrap">
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    <bdi>{deviceOf(session)}</bdi>
                  </Text>
                  {session.current && <Badge colorPalette="green">{t('thisDevice')}</Badge>}
                </Flex>
                <Flex fontSize="sm" color="fg.muted" wrap="wrap" columnGap="4">
                  <Text as="span">
                    {t('address')} <bdi>{addressOf(session)}</bdi>
                  </Text>
                  <Text as="span">
                    {t('lastUsed', { date: formatDateTime(session.last_used_at) })}
                  </Text>
                </Flex>
              </Box>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                flexShrink={0}
                aria-label={t('endItem', {
                  device: deviceOf(session),
                  date: formatDateTime(session.last_used_at),
                })}
                onClick={() => setEnding(session)}
              >
                {t('end')}
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={ending !== null}
        title={t('endTitle')}
        confirmLabel={t('end')}
        busyText={t('ending')}
        busy={busy}
        onConfirm={() => void confirmEnd()}
        onCancel={() => setEnding(null)}
      >
        {ending &&
          (ending.current
            ? t('endCurrentQuestion')
            : t('endQuestion', { device: deviceOf(ending), address: addressOf(ending) }))}
      </ConfirmDialog>
    </FormSection>
  );
}
