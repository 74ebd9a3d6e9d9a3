import type { Passkey } from '@generated/model';
import {
  deletePasskey,
  registerPasskey,
  renamePasskey,
  startPasskeyRegistration,
  useListMyPasskeys,
} from '@generated/hooks/account/account';
import { notify } from '@/components/ui/notify';
import { serverMessage } from '@/lib/http';
import { browserPasskeys, passkeyFailure, type PasskeyPrompts } from '@/lib/webauthn';
import { t } from './messages';
import { PasskeysView } from './PasskeysView';

interface PasskeysSectionProps {
  /**
   * The browser's prompt that creates a passkey (default: the real one, WebAuthn). Stories give
   * a fake: their runner has no authenticator.
   */
  prompts?: Pick<PasskeyPrompts, 'create'>;
  /** After a passkey was added or removed: the admin's second factors changed (e.g. reload /me). */
  onFactorsChange?: () => void;
}

/** Why the browser's prompt made no passkey, as the error toast says it. */
function promptMessage(error: unknown): string {
  switch (passkeyFailure(error)) {
    case 'cancelled':
      return t('cancelled');
    case 'exists':
      return t('exists');
    case 'unsupported':
      return t('unsupported');
    default:
      return t('addFailed');
  }
}

/**
 * The passkeys part of My account (docs/product.md): loads the admin's passkeys; adding one asks
 * the server for creation options, the browser for the passkey, then the server to keep it.
 */
export function PasskeysSection({
  prompts = browserPasskeys,
  onFactorsChange,
}: PasskeysSectionProps) {
  const list = useListMyPasskeys();

  const failed = (error: unknown, fallback: string) => {
    notify.error(t('error'), serverMessage(error, fallback));
    return false;
  };

  const add = async (name: string): Promise<boolean> => {
    let response;
    try {
      const options = await startPasskeyRegistration();
      try {
        response = await prompts.create(options);
      } catch (error) {
        notify.error(t('error'), promptMessage(error));
        return false;
      }
      await registerPasskey({ name, response });
    } catch (error) {
      return failed(error, t('addFailed'));
    }
    notify.success(t('success'), t('addedToast'));
    await list.mutate();
    onFactorsChange?.();
    return true;
  };

  const rename = async (passkey: Passkey, name: string): Promise<boolean> => {
    try {
      await renamePasskey(passkey.id, { name });
    } catch (error) {
      return failed(error, t('renameFailed'));
    }
    notify.success(t('success'), t('renamedToast'));
    await list.mutate();
    return true;
  };

  const remove = async (passkey: Passkey): Promise<boolean> => {
    try {
      await deletePasskey(passkey.id);
    } catch (error) {
      return failed(error, t('removeFailed'));
    }
    notify.success(t('success'), t('removedToast'));
    await list.mutate();
    onFactorsChange?.();
    return true;
  };

  return (
    <PasskeysView
      passkeys={list.data}
      loadError={list.error && !list.data ? serverMessage(list.error, t('loadFailed')) : null}
      onRetry={() => void list.mutate()}
      onAdd={add}
      onRename={rename}
      onRemove={remove}
    />
  );
}
