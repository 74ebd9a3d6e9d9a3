import { Fragment, useMemo, useState } from 'react';
import type { ApiToken, ApiTokenCreate, ApiTokenCreated } from '@generated/model';
import {
  AddButton,
  ConfirmDialog,
  DataTable,
  ListScreen,
  LoadErrorState,
  textColumn,
  useDeleteConfirmation,
  type Column,
} from '@/components/list-screen';
import type { Permission } from '@/lib/auth/permissions';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';
import { ApiTokenCreateDialog } from './ApiTokenCreateDialog';
import { tokenStatus, type TokenStatus } from './api-token-display';
import { noun, t, useT } from './messages';

export interface ApiTokensViewProps {
  /** The tokens, the newest first; undefined until loaded. */
  tokens: readonly ApiToken[] | undefined;
  loading: boolean;
  /** Why the list could not be loaded (shown instead of the table), else null. */
  loadError: string | null;
  onRetry: () => void;
  /** The scopes the signed-in admin may give a token (grantableScopes). */
  scopes: readonly Permission[];
  /** Today in the shop's time zone (YYYY-MM-DD). */
  today: string;
  /** The instant statuses are read at (expired or not). */
  now: Date;
  /** Creates a token; rejects with the server's error (the dialog shows it). */
  onCreate: (body: ApiTokenCreate) => Promise<ApiTokenCreated>;
  /** Revokes; the confirmation closes once it settles (the container reports the outcome). */
  onRevoke: (token: ApiToken) => Promise<unknown>;
}

const STATUS_TEXT: Record<TokenStatus, () => string> = {
  active: () => t('statusActive'),
  expired: () => t('statusExpired'),
  revoked: () => t('statusRevoked'),
};

/** '28 Nov 2026, 07:40 from 192.0.2.44', or 'Never used'. */
function lastUsedText(token: ApiToken): string {
  if (token.last_used_at === null) return t('neverUsed');
  const at = formatDateTime(token.last_used_at);
  return token.last_used_ip ? `${at} ${t('usedFrom', { address: token.last_used_ip })}` : at;
}

/** The columns, headed in the language of the moment (a language change re-mounts the screen). */
function columns(now: Date, askRevoke: (token: ApiToken) => void): readonly Column<ApiToken>[] {
  return [
    textColumn(t('name'), (token) => token.name, { tone: 'strong', card: 'title' }),
    {
      header: t('scopes'),
      width: '6rem',
      card: 'meta',
      // The count in the cell, every scope in its tooltip and accessible description.
      cell: (token) => (
        <span
          className="cell-text"
          title={token.scopes.join(', ')}
          aria-description={token.scopes.join(', ')}
          data-testid="api-token-scopes"
        >
          {t('scopeCount', {
            count: token.scopes.length,
            n: formatCount(token.scopes.length),
          })}
        </span>
      ),
    },
    textColumn(t('createdBy'), (token) => token.created_by ?? '-', {
      width: '7rem',
      card: 'subtitle',
    }),
    {
      header: t('created'),
      width: '7rem',
      card: 'meta',
      // The day, its time in the tooltip: the columns' fixed widths once left the token's name
      // 2rem at 1280 px ('E…'), as the visual review showed.
      cell: (token) => (
        <span className="cell-nowrap" title={formatDateTime(token.created_at)}>
          {formatDate(token.created_at)}
        </span>
      ),
    },
    {
      header: t('expires'),
      width: '10rem',
      card: 'meta',
      cell: (token) => (
        <span className={token.expires_at ? 'cell-nowrap' : 'cell-nowrap cell-muted'}>
          {formatDateTime(token.expires_at, t('never'))}
        </span>
      ),
    },
    textColumn(t('lastUsed'), lastUsedText, {
      width: '11rem',
      card: 'meta',
      missing: (token) => token.last_used_at === null,
    }),
    {
      header: t('status'),
      width: '6.5rem',
      card: 'badge',
      cell: (token) => {
        const status = tokenStatus(token, now);
        return (
          <span
            className="status"
            data-active={status === 'active' || undefined}
            data-testid="api-token-status"
          >
            {STATUS_TEXT[status]()}
          </span>
        );
      },
    },
    {
      header: t('actions'),
      width: '6rem',
      align: 'end',
      card: 'actions',
      // Only a token still in use is revoked: an expired or revoked one is refused already.
      cell: (token) =>
        tokenStatus(token, now) === 'active' && (
          <button
            type="button"
            className="row-action"
            aria-label={t('revokeItem', { name: token.name })}
            onClick={() => askRevoke(token)}
          >
            {t('revoke')}
          </button>
        ),
    },
  ];
}

const idOf = (token: ApiToken) => token.id;

/**
 * API tokens (/admin/api-tokens, docs/product.md §10.31): the shop's tokens with their scopes,
 * use and status, Create API token (its secret shown once) and Revoke. Presentational: the
 * container loads and sends.
 */
export function ApiTokensView({
  tokens,
  loading,
  loadError,
  onRetry,
  scopes,
  today,
  now,
  onCreate,
  onRevoke,
}: ApiTokensViewProps) {
  const t = useT();
  const revoke = useDeleteConfirmation<ApiToken>(onRevoke);
  const ask = revoke.ask;
  const shownColumns = useMemo(() => columns(now, ask), [now, ask]);
  // Each opening of the dialog starts afresh (an empty form, no secret).
  const [dialog, setDialog] = useState({ open: false, session: 0 });
  const openCreate = () => setDialog(({ session }) => ({ open: true, session: session + 1 }));
  const closeCreate = () => setDialog(({ session }) => ({ open: false, session }));
  return (
    <ListScreen
      title={t('title')}
      description={t('subtitle')}
      actions={<AddButton label={t('add')} onClick={openCreate} />}
      count={tokens && { noun, shown: tokens.length, all: tokens.length, filtered: false }}
      error={
        loadError &&
        !tokens && <LoadErrorState title={t('loadFailed')} message={loadError} onRetry={onRetry} />
      }
      loading={loading || !tokens}
      loadingText={t('loading')}
      footer={
        <>
          <Fragment key={dialog.session}>
            <ApiTokenCreateDialog
              open={dialog.open}
              scopes={scopes}
              today={today}
              onCreate={onCreate}
              onClose={closeCreate}
            />
          </Fragment>
          <ConfirmDialog
            {...revoke.dialog}
            busyText={t('revoking')}
            title={t('revokeTitle')}
            confirmLabel={t('revoke')}
            onConfirm={() => revoke.confirm()}
          >
            {revoke.target && t('revokeQuestion', { name: revoke.target.name })}
          </ConfirmDialog>
        </>
      }
    >
      <DataTable
        rows={tokens ?? []}
        columns={shownColumns}
        rowKey={idOf}
        label={t('tableLabel')}
        emptyText={t('empty')}
        minW="60rem"
      />
    </ListScreen>
  );
}
