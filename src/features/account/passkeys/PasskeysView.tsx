import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Passkey } from '@generated/model';
import { FormSection } from '@/components/form';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { formatDate, formatDateTime } from '@/lib/format';
import { AccountList, useConfirmation } from '../AccountList';
import { useT } from './messages';
import { PasskeyNameDialog } from './PasskeyNameDialog';

export interface PasskeysViewProps {
  /** Oldest first; undefined while loading. */
  passkeys: readonly Passkey[] | undefined;
  /** Why the list could not be loaded, else null. */
  loadError: string | null;
  onRetry: () => void;
  /** Each resolves true when it succeeded (the dialog then closes); the container toasts. */
  onAdd: (name: string) => Promise<boolean>;
  onRename: (passkey: Passkey, name: string) => Promise<boolean>;
  onRemove: (passkey: Passkey) => Promise<boolean>;
}

/**
 * My account's passkeys: each with its name, when it was added and last used (shop time), to
 * rename or remove; "Add a passkey" asks for a name, then the browser creates the passkey.
 */
export function PasskeysView({
  passkeys,
  loadError,
  onRetry,
  onAdd,
  onRename,
  onRemove,
}: PasskeysViewProps) {
  const t = useT();
  // The name dialog: closed, a new passkey (null) or the one to rename.
  const [naming, setNaming] = useState<{ passkey: Passkey | null } | null>(null);
  const removal = useConfirmation(onRemove);

  return (
    <FormSection title={t('title')} description={t('description')}>
      <AccountList
        items={passkeys}
        loadError={loadError}
        onRetry={onRetry}
        t={t}
        testId="passkey"
        itemKey={(passkey) => passkey.id}
        details={(passkey) => (
          <>
            <Text fontWeight="medium" overflowWrap="anywhere">
              {passkey.name}
            </Text>
            <Flex fontSize="sm" color="fg.muted" wrap="wrap" columnGap="4">
              <Text as="span">{t('added', { date: formatDate(passkey.created_at) })}</Text>
              <Text as="span">
                {passkey.last_used_at
                  ? t('lastUsed', { date: formatDateTime(passkey.last_used_at) })
                  : t('neverUsed')}
              </Text>
            </Flex>
          </>
        )}
        actions={(passkey) => (
          <>
            <Button
              size="sm"
              variant="outline"
              aria-label={t('renameItem', { name: passkey.name })}
              onClick={() => setNaming({ passkey })}
            >
              {t('rename')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              aria-label={t('removeItem', { name: passkey.name })}
              onClick={() => removal.ask(passkey)}
            >
              {t('remove')}
            </Button>
          </>
        )}
      />
      <Box>
        <Button onClick={() => setNaming({ passkey: null })} disabled={!passkeys}>
          {t('add')}
        </Button>
      </Box>
      {naming && (
        <PasskeyNameDialog
          open
          item={naming.passkey}
          onClose={() => setNaming(null)}
          onSubmit={async ({ name }) => {
            const done = naming.passkey
              ? await onRename(naming.passkey, name.trim())
              : await onAdd(name.trim());
            if (done) setNaming(null);
          }}
        />
      )}
      <ConfirmDialog
        open={removal.target !== null}
        title={t('removeTitle')}
        confirmLabel={t('remove')}
        busyText={t('removing')}
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      >
        {removal.target && t('removeQuestion', { name: removal.target.name })}
      </ConfirmDialog>
    </FormSection>
  );
}
