import { Badge, Button, Flex, Text } from '@chakra-ui/react';
import type { AdminSession } from '@generated/model';
import { FormSection } from '@/components/form';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { formatDateTime } from '@/lib/format';
import { AccountList, useConfirmation } from '../AccountList';
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
  const ending = useConfirmation(onEnd);
  // Without a user agent the server says "Unknown device": said in the page's language.
  const deviceOf = (session: AdminSession) =>
    session.user_agent ? session.device : t('unknownDevice');
  const addressOf = (session: AdminSession) => session.ip_address ?? t('unknownAddress');

  return (
    <FormSection title={t('title')} description={t('description')}>
      <AccountList
        items={sessions}
        loadError={loadError}
        onRetry={onRetry}
        t={t}
        testId="session"
        itemKey={(session) => session.id}
        details={(session) => (
          <>
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
              <Text as="span">{t('lastUsed', { date: formatDateTime(session.last_used_at) })}</Text>
            </Flex>
          </>
        )}
        actions={(session) => (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            aria-label={t('endItem', {
              device: deviceOf(session),
              date: formatDateTime(session.last_used_at),
            })}
            onClick={() => ending.ask(session)}
          >
            {t('end')}
          </Button>
        )}
      />
      <ConfirmDialog
        open={ending.target !== null}
        title={t('endTitle')}
        confirmLabel={t('end')}
        busyText={t('ending')}
        busy={ending.busy}
        onConfirm={() => void ending.confirm()}
        onCancel={ending.cancel}
      >
        {ending.target &&
          (ending.target.current
            ? t('endCurrentQuestion')
            : t('endQuestion', {
                device: deviceOf(ending.target),
                address: addressOf(ending.target),
              }))}
      </ConfirmDialog>
    </FormSection>
  );
}
