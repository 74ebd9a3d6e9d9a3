import { useSWRConfig } from 'swr';
import { changeMyPassword, getListMySessionsKey } from '@generated/hooks/account/account';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { t } from '../messages';
import { ChangePasswordForm } from './ChangePasswordForm';
import { passwordFieldErrors, toPasswordChange, type PasswordFormValues } from './password-form';

/**
 * Changes the signed-in admin's password (changeMyPassword, every role). The server's reasons for
 * a refusal (wrong current password, too weak) go on their fields; other failures are toasted. A
 * change ends every other session: the sessions list is loaded again.
 */
export function PasswordSection() {
  const { mutate } = useSWRConfig();

  async function handleSubmit(values: PasswordFormValues) {
    try {
      await changeMyPassword(toPasswordChange(values));
    } catch (error) {
      const fieldErrors = passwordFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) return fieldErrors;
      notify.error(t('error'), serverMessage(error, t('passwordChangeFailed')));
      return;
    }
    notify.success(t('success'), t('passwordChanged'));
    void mutate(getListMySessionsKey());
    return 'changed' as const;
  }

  return <ChangePasswordForm onSubmit={handleSubmit} />;
}
