import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ApiToken } from '@generated/model';
import {
  createApiToken,
  revokeApiToken,
  useListApiTokens,
} from '@generated/hooks/api-tokens/api-tokens';
import { notify } from '@/components/ui/notify';
import { authStore } from '@/lib/auth/store';
import { getShopTimeZone } from '@/lib/format';
import { serverMessage } from '@/lib/http';
import { shopDay } from '../../../server/src/domain/books';
import { grantableScopes } from './api-token-display';
import { ApiTokensView } from './ApiTokensView';
import { t } from './messages';

/**
 * API tokens (/admin/api-tokens, docs/product.md §10.31): loads the tokens (listApiTokens),
 * creates (createApiToken) and revokes (revokeApiToken) them, reloading the list after each.
 */
export function ApiTokensPage() {
  const list = useListApiTokens();
  const { user } = useSnapshot(authStore);
  // Statuses and the first expiry day are read once per visit: a token expiring while the
  // screen is open shows it at the next visit or reload.
  const [now] = useState(() => new Date());
  const reload = () => void list.mutate();

  const onRevoke = async (token: ApiToken) => {
    try {
      await revokeApiToken(token.id);
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('revokeFailed')));
      return;
    }
    notify.success(t('success'), t('revokedToast', { name: token.name }));
    reload();
  };

  return (
    <ApiTokensView
      tokens={list.data}
      loading={list.isLoading}
      loadError={list.error ? serverMessage(list.error, t('loadFailed')) : null}
      onRetry={reload}
      scopes={user ? grantableScopes(user) : []}
      today={shopDay(now, getShopTimeZone())}
      now={now}
      onCreate={async (body) => {
        const created = await createApiToken(body);
        // The list behind the dialog shows the new token while its secret is still in view.
        reload();
        return created;
      }}
      onRevoke={onRevoke}
    />
  );
}
