import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TotpEnrolment, TwoFactorStatus } from '@generated/model';
import { FormSection } from '@/components/form';
import { LoadingState } from '@/components/list-screen';
import type { Outcome } from './code-input';
import { EnrolTotpDialog } from './EnrolTotpDialog';
import { useT } from './messages';
import { PasswordConfirmDialog } from './PasswordConfirmDialog';
import { RecoveryCodesDialog } from './RecoveryCodesDialog';

export interface TwoFactorViewProps {
  /** The admin's second factors (/me); undefined while loading. */
  status: TwoFactorStatus | undefined;
  username: string;
  /** A new pending secret; null when it failed (the container has said why). */
  onStart: () => Promise<TotpEnrolment | null>;
  onConfirm: (code: string) => Promise<Outcome<readonly string[]>>;
  onRemove: (password: string) => Promise<Outcome<unknown>>;
  onRegenerate: (password: string) => Promise<Outcome<readonly string[]>>;
  /** The codes shown after an enrolment or a regeneration were saved (the dialog closed). */
  onCodesSaved: (after: 'enrol' | 'regenerate') => void;
}

type Dialog =
  | { kind: 'enrol'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: readonly string[]; after: 'enrol' | 'regenerate' }
  | { kind: 'remove' }
  | { kind: 'regenerate' };

/**
 * My account's authenticator app: whether it is set up, the recovery codes left, and whether
 * the shop requires a second factor of the admin's role; set it up (QR code, first code, the
 * recovery codes shown once), remove it or make new recovery codes (password asked).
 */
export function TwoFactorView({
  status,
  username,
  onStart,
  onConfirm,
  onRemove,
  onRegenerate,
  onCodesSaved,
}: TwoFactorViewProps) {
  const t = useT();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [starting, setStarting] = useState(false);
  const close = () => setDialog(null);

  const start = async () => {
    setStarting(true);
    const enrolment = await onStart();
    setStarting(false);
    if (enrolment) setDialog({ kind: 'enrol', enrolment });
  };

  return (
    <FormSection title={t('title')} description={t('description')}>
      {!status ? (
        <LoadingState text={t('loading')} />
      ) : (
        <>
          {status.setup_required ? (
            <Alert.Root status="warning" data-testid="two-factor-setup-required">
              <Alert.Indicator />
              <Alert.Title>{t('setupRequired')}</Alert.Title>
            </Alert.Root>
          ) : (
            status.required && (
              <Text fontSize="sm" color="fg.muted">
                {t('required')}
              </Text>
            )
          )}
          <Flex
            direction={{ base: 'column', sm: 'row' }}
            align={{ base: 'stretch', sm: 'center' }}
            gap="3"
            data-testid="totp-status"
          >
            <Box flex="1" minW="0">
              <Text fontWeight="medium">{t('app')}</Text>
              <Text fontSize="sm" color="fg.muted">
                {status.totp ? t('appOn') : t('appOff')}
              </Text>
              {status.totp && (
                <Text
                  fontSize="sm"
                  color={status.recovery_codes_left > 0 ? 'fg.muted' : 'fg.warning'}
                >
                  {t('codesLeft', { count: status.recovery_codes_left })}
                </Text>
              )}
            </Box>
            <Stack direction="row" gap="2" flexShrink={0} wrap="wrap">
              {status.totp ? (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setDialog({ kind: 'regenerate' })}
                  >
                    {t('newCodes')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('removeApp')}
                    onClick={() => setDialog({ kind: 'remove' })}
                  >
                    {t('remove')}
                  </Button>
                </>
              ) : (
                <Button size="sm" loading={starting} onClick={() => void start()}>
                  {t('setUp')}
                </Button>
              )}
            </Stack>
          </Flex>
        </>
      )}
      {dialog?.kind === 'enrol' && (
        <EnrolTotpDialog
          enrolment={dialog.enrolment}
          onConfirm={onConfirm}
          onEnrolled={(codes) => setDialog({ kind: 'codes', codes, after: 'enrol' })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'codes' && (
        <RecoveryCodesDialog
          codes={dialog.codes}
          username={username}
          onDone={() => {
            close();
            onCodesSaved(dialog.after);
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <PasswordConfirmDialog
          title={t('removeApp')}
          question={t('removeQuestion')}
          submitLabel={t('remove')}
          onSubmit={async (password) => {
            const outcome = await onRemove(password);
            if ('done' in outcome) close();
            return outcome;
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'regenerate' && (
        <PasswordConfirmDialog
          title={t('newCodes')}
          question={t('newCodesQuestion')}
          submitLabel={t('makeCodes')}
          onSubmit={async (password) => {
            const outcome = await onRegenerate(password);
            if ('done' in outcome)
              setDialog({ kind: 'codes', codes: outcome.done, after: 'regenerate' });
            return outcome;
          }}
          onClose={close}
        />
      )}
    </FormSection>
  );
}
