import { Fragment, useCallback, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type {
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointUpdate,
} from '@generated/model';
import {
  AddButton,
  ConfirmDialog,
  DataTable,
  ListScreen,
  LoadErrorState,
  rowActionsColumn,
  textColumn,
  useDeleteConfirmation,
  type Column,
} from '@/components/list-screen';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { endpointStatusNote, eventLabel } from './webhook-display';
import { WebhookFormDialog } from './WebhookFormDialog';
import { noun, t, useT } from './messages';

export interface WebhooksViewProps {
  /** The endpoints, the newest first; undefined until loaded. */
  endpoints: readonly WebhookEndpoint[] | undefined;
  loading: boolean;
  /** Why the list could not be loaded (shown instead of the table), else null. */
  loadError: string | null;
  onRetry: () => void;
  /** Creates an endpoint; rejects with the server's error (the dialog shows it). */
  onCreate: (body: WebhookEndpointCreate) => Promise<WebhookEndpointCreated>;
  /** Saves an edit; rejects with the server's error (the dialog shows it). */
  onUpdate: (endpoint: WebhookEndpoint, body: WebhookEndpointUpdate) => Promise<unknown>;
  /** Deletes; the confirmation closes once it settles (the container reports the outcome). */
  onDelete: (endpoint: WebhookEndpoint) => Promise<unknown>;
}

/** The status badge, and under it when the server disabled it or since when it fails. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT();
  const note = endpointStatusNote(endpoint);
  return (
    <span className="cell-lines" title={note ?? undefined}>
      <span
        className="status"
        data-active={endpoint.enabled || undefined}
        data-testid="webhook-status"
      >
        {endpoint.enabled ? t('enabled') : t('disabled')}
      </span>
      {note && (
        <span className="cell-muted cell-small" data-testid="webhook-status-note">
          {' '}
          {note}
        </span>
      )}
    </span>
  );
}

/** The columns, headed in the language of the moment (a language change re-mounts the screen). */
function columns(
  edit: (endpoint: WebhookEndpoint) => void,
  askDelete: (endpoint: WebhookEndpoint) => void,
): readonly Column<WebhookEndpoint>[] {
  return [
    {
      header: t('url'),
      card: 'title',
      // The URL opens the endpoint and its deliveries; a URL reads left to right in Arabic too.
      cell: (endpoint) => (
        <Link
          href={paths.webhooks.detail(endpoint.id)}
          className="cell-text cell-strong"
          title={t('openItem', { url: endpoint.url })}
          dir="ltr"
        >
          {endpoint.url}
        </Link>
      ),
    },
    textColumn(t('description'), (endpoint) => endpoint.description || '-', {
      width: '12rem',
      card: 'subtitle',
      missing: (endpoint) => endpoint.description === '',
    }),
    {
      header: t('events'),
      width: '7rem',
      card: 'meta',
      // The count in the cell, every event in its tooltip and accessible description.
      cell: (endpoint) => {
        const names = endpoint.events.map(eventLabel).join(', ');
        return (
          <span
            className="cell-text"
            title={names}
            aria-description={names}
            data-testid="webhook-events"
          >
            {t('eventCount', {
              count: endpoint.events.length,
              n: formatCount(endpoint.events.length),
            })}
          </span>
        );
      },
    },
    {
      header: t('status'),
      width: '15rem',
      // A line of the card, not its corner badge: the note of a disabling is a sentence.
      card: 'meta',
      cell: (endpoint) => <EndpointStatus endpoint={endpoint} />,
    },
    {
      header: t('created'),
      width: '10.5rem',
      card: 'meta',
      // The day in the cell (with the time the column cut it off at 1280 px, as the visual
      // review showed), the time in its tooltip.
      cell: (endpoint) => (
        <span className="cell-nowrap" title={formatDateTime(endpoint.created_at)}>
          {formatDate(endpoint.created_at)}
        </span>
      ),
    },
    rowActionsColumn(t('actions'), (endpoint) => ({
      name: endpoint.url,
      edit: () => edit(endpoint),
      onDelete: () => askDelete(endpoint),
    })),
  ];
}

const idOf = (endpoint: WebhookEndpoint) => endpoint.id;

/** Which dialog is open: each opening (`session`) starts afresh (the form, no secret). */
interface FormState {
  open: boolean;
  session: number;
  endpoint: WebhookEndpoint | null;
}

/**
 * Webhooks (/admin/webhooks, docs/product.md §10.32): the endpoints with their events and state
 * (a disabling by the server said with its time), Add endpoint (its secret shown once), Edit and
 * Delete; an endpoint's URL opens its deliveries. Presentational: the container loads and sends.
 */
export function WebhooksView({
  endpoints,
  loading,
  loadError,
  onRetry,
  onCreate,
  onUpdate,
  onDelete,
}: WebhooksViewProps) {
  const t = useT();
  const remove = useDeleteConfirmation<WebhookEndpoint>(onDelete);
  const [form, setForm] = useState<FormState>({ open: false, session: 0, endpoint: null });
  const openForm = useCallback(
    (endpoint: WebhookEndpoint | null) =>
      setForm(({ session }) => ({ open: true, session: session + 1, endpoint })),
    [],
  );
  const closeForm = () => setForm((state) => ({ ...state, open: false }));
  const ask = remove.ask;
  const shownColumns = useMemo(() => columns(openForm, ask), [openForm, ask]);
  return (
    <ListScreen
      title={t('title')}
      description={t('subtitle')}
      actions={<AddButton label={t('add')} onClick={() => openForm(null)} />}
      count={endpoints && { noun, shown: endpoints.length, all: endpoints.length, filtered: false }}
      error={
        loadError &&
        !endpoints && (
          <LoadErrorState title={t('loadFailed')} message={loadError} onRetry={onRetry} />
        )
      }
      loading={loading || !endpoints}
      loadingText={t('loading')}
      footer={
        <>
          <Fragment key={form.session}>
            <WebhookFormDialog
              open={form.open}
              endpoint={form.endpoint}
              onCreate={onCreate}
              onUpdate={onUpdate}
              onClose={closeForm}
            />
          </Fragment>
          <ConfirmDialog
            {...remove.dialog}
            title={t('deleteTitle')}
            confirmLabel={t('delete')}
            busyText={t('deleting')}
            onConfirm={() => remove.confirm()}
          >
            {remove.target && t('deleteQuestion', { url: remove.target.url })}
          </ConfirmDialog>
        </>
      }
    >
      <DataTable
        rows={endpoints ?? []}
        columns={shownColumns}
        rowKey={idOf}
        label={t('tableLabel')}
        emptyText={t('empty')}
        minW="64rem"
      />
    </ListScreen>
  );
}
