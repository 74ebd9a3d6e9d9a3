import type { AdminSession } from '@generated/model';
import { endMySession, useListMySessions } from '@generated/hooks/account/account';
import { notify } from '@/components/ui/notify';
import { useSignOut } from '@/lib/auth/sign-out';
import { ApiError, serverMessage } from '@/lib/http';
import { t } from './messages';
import { SessionsView } from './SessionsView';

/**
 * The sessions part of My account (docs/product.md): lists the signed-in admin's sessions and
 * ends one (endMySession: its refresh and access tokens stop working at once, on the server).
 * Ending this browser's own session signs it out.
 */
export function SessionsSection() {
  const list = useListMySessions();
  const { signOut } = useSignOut();

  const end = async (session: AdminSession): Promise<boolean> => {
    try {
      await endMySession(session.id);
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('endFailed')));
      // Ended elsewhere meanwhile (404): nothing left to end, the list is out of date.
      const gone = error instanceof ApiError && error.status === 404;
      if (gone) void list.mutate();
      return gone;
    }
    notify.success(t('success'), t('endedToast'));
    if (session.current) await signOut();
    else await list.mutate();
    return true;
  };

  return (
    <SessionsView
      sessions={list.data}
      loadError={list.error && !list.data ? serverMessage(list.error, t('loadFailed')) : null}
      onRetry={() => void list.mutate()}
      onEnd={end}
    />
  );
}
