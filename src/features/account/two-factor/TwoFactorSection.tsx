import { useSnapshot } from 'valtio';
import { getAdminMe } from '@generated/hooks/auth/auth';
import {
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from '@generated/hooks/account/account';
import { notify } from '@/components/ui/notify';
import { authStore, setUser } from '@/lib/auth/store';
import { fieldIssues, serverMessage } from '@/lib/http';
import type { Outcome } from './code-input';
import { t } from './messages';
import { TwoFactorView } from './TwoFactorView';

interface TwoFactorSectionProps {
  /** After the admin's second factors changed and /me was reloaded (e.g. leave a forced setup). */
  onFactorsChange?: () => void;
}

/** A refused call: the message of its `field` (a 422 on it), or a toast with the fallback. */
function refusal(error: unknown, field: string, fallback: string): Outcome<never> {
  const message = fieldIssues(error).get(field);
  if (message) return { fieldError: message };
  notify.error(t('error'), serverMessage(error, fallback));
  return { failed: true };
}

/**
 * The two-factor part of My account (and of the forced setup page): the status comes from /me,
 * which is loaded again after every change (it says which factors the admin has, and whether
 * one is still required).
 */
export function TwoFactorSection({ onFactorsChange }: TwoFactorSectionProps) {
  const { user } = useSnapshot(authStore);

  const reloadMe = async () => {
    try {
      setUser(await getAdminMe());
    } catch {
      // The change was made; the status shows the old state until the next /me.
    }
    onFactorsChange?.();
  };

  return (
    <TwoFactorView
      status={user?.two_factor}
      username={user?.username ?? ''}
      onStart={async () => {
        try {
          return await startTotpEnrolment();
        } catch (error) {
          notify.error(t('error'), serverMessage(error, t('startFailed')));
          return null;
        }
      }}
      onConfirm={async (otp) => {
        try {
          return { done: (await confirmTotpEnrolment({ otp })).recovery_codes };
        } catch (error) {
          return refusal(error, 'otp', t('confirmFailed'));
        }
      }}
      onRemove={async (password) => {
        try {
          await disableTotp({ password });
        } catch (error) {
          return refusal(error, 'password', t('removeFailed'));
        }
        notify.success(t('success'), t('removed'));
        await reloadMe();
        return { done: true };
      }}
      onRegenerate={async (password) => {
        try {
          return { done: (await regenerateRecoveryCodes({ password })).recovery_codes };
        } catch (error) {
          return refusal(error, 'password', t('newCodesFailed'));
        }
      }}
      onCodesSaved={(after) => {
        if (after === 'enrol') notify.success(t('success'), t('enrolled'));
        void reloadMe();
      }}
    />
  );
}
