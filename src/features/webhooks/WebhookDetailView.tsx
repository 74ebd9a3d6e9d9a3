import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { Fragment, useMemo, useState } from 'react';
import type {
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointUpdate,
} from '@generated/model';
import { WebhookDeliveryStatus as DELIVERY_STATUSES } from '@generated/model';
import { BackLink } from '@/components/layout/BackLink';
import { PageHeader } from '@/components/layout/PageHeader';
import {
  ConfirmDialog,
  DataTable,
  figureColumn,
  filterChoices,
  FilterSelect,
  ListScreen,
  LoadErrorState,
  LoadingState,
  paletteBadgeColumn,
  serverListOrLoadError,
  textColumn,
  type Column,
  type ServerListState,
} from '@/components/list-screen';
import { formatCount, formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  canResend,
  deliveryStatusLabel,
  durationText,
  endpointState,
  eventChoiceLabel,
  eventLabel,
  responseText,
} from './webhook-display';
import { WebhookFormDialog } from './WebhookFormDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';
import { EndpointStatus } from './WebhooksView';
import { deliveryNoun, t, useT } from './messages';

export interface WebhookDetailViewProps {
  /** The endpoint; undefined while it loads or when it could not be. */
  endpoint: WebhookEndpoint | undefined;
  /** Why the endpoint could not be loaded (404…), else null. */
  endpointError: string | null;
  onRetryEndpoint: () => void;
  /** Its deliveries, the newest first, paged by the server. */
  deliveries: ServerListState<WebhookDelivery>;
  /** Why the deliveries could not be loaded, else null. */
  deliveriesError: string | null;
  /** The status the deliveries are filtered by; '' for all. */
  status: WebhookDeliveryStatus | '';
  onStatusChange: (status: WebhookDeliveryStatus | '') => void;
  /** Saves an edit; rejects with the server's error (the dialog shows it). */
  onUpdate: (endpoint: WebhookEndpoint, body: WebhookEndpointUpdate) => Promise<unknown>;
  /** Enables the endpoint again (the container reports the outcome). */
  onEnable: (endpoint: WebhookEndpoint) => Promise<unknown>;
  /** Replaces the signing secret; resolves with the new one, null when it failed (toasted). */
  onRotate: (endpoint: WebhookEndpoint) => Promise<string | null>;
  /** Sends a delivery again (the container reports the outcome). */
  onResend: (delivery: WebhookDelivery) => void;
  /** The delivery whose resend is under way, else null. */
  resending: number | null;
}

const DELIVERY_PALETTES: Record<WebhookDeliveryStatus, string> = {
  pending: 'orange',
  succeeded: 'green',
  failed: 'red',
};

/** The deliveries' columns; `resend` sends one again, whose button waits while `resending`. */
function deliveryColumns(
  resend: (delivery: WebhookDelivery) => void,
  resending: number | null,
): Column<WebhookDelivery>[] {
  return [
    textColumn(t('event'), (delivery) => eventLabel(delivery.event), {
      tone: 'strong',
      card: 'title',
      title: (delivery) => `${delivery.event} · ${delivery.event_id}`,
    }),
    paletteBadgeColumn(t('status'), (delivery) => delivery.status, {
      width: '8rem',
      palettes: DELIVERY_PALETTES,
      label: deliveryStatusLabel,
      testId: 'webhook-delivery-status',
    }),
    textColumn(t('response'), responseText, {
      width: '11rem',
      card: 'subtitle',
      missing: (delivery) => delivery.response_code === null,
    }),
    figureColumn(
      t('duration'),
      (delivery) => <span className="cell-nowrap">{durationText(delivery.duration_ms)}</span>,
      { width: '7rem', card: 'meta' },
    ),
    figureColumn(t('attempts'), (delivery) => formatCount(delivery.attempts), {
      width: '6.5rem',
      card: 'meta',
    }),
    textColumn(t('created'), (delivery) => formatDateTime(delivery.created_at), {
      width: '10.5rem',
      card: 'meta',
    }),
    textColumn(t('lastAttempt'), (delivery) => formatDateTime(delivery.last_attempt_at), {
      width: '10.5rem',
      card: 'meta',
      missing: (delivery) => delivery.last_attempt_at === null,
    }),
    {
      header: t('actions'),
      width: '7.5rem',
      align: 'end',
      card: 'actions',
      cell: (delivery) =>
        canResend(delivery) && (
          <button
            type="button"
            className="row-action"
            aria-label={t('resendItem', { id: String(delivery.id) })}
            disabled={resending === delivery.id}
            onClick={() => resend(delivery)}
          >
            {t('resend')}
          </button>
        ),
    },
  ];
}

const deliveryId = (delivery: WebhookDelivery) => delivery.id;

/** A disabled endpoint: why (the server's disabling with its time, or an admin's) and Enable. */
function DisabledNotice({
  endpoint,
  onEnable,
}: {
  endpoint: WebhookEndpoint;
  onEnable: (endpoint: WebhookEndpoint) => Promise<unknown>;
}) {
  const t = useT();
  const [enabling, setEnabling] = useState(false);
  const state = endpointState(endpoint);
  if (state === 'enabled') return null;
  const enable = () => {
    setEnabling(true);
    void onEnable(endpoint).finally(() => setEnabling(false));
  };
  return (
    <Alert.Root
      status={state === 'auto_disabled' ? 'warning' : 'info'}
      mb="4"
      data-testid="webhook-disabled-notice"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {state === 'auto_disabled'
            ? t('disabledNotice', { at: formatDateTime(endpoint.disabled_at) })
            : t('disabledByAdmin')}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" loading={enabling} onClick={enable}>
        {t('enable')}
      </Button>
    </Alert.Root>
  );
}

/**
 * One webhook endpoint (/admin/webhooks/:id, docs/product.md §10.32): its state and events, Edit,
 * Rotate secret (the new one shown once), Enable when it is disabled, and its deliveries (status,
 * response, duration, attempts) filtered by status, each done one with Resend.
 */
export function WebhookDetailView(props: WebhookDetailViewProps) {
  const t = useT();
  const { endpoint, endpointError, onRetryEndpoint } = props;
  const back = <BackLink href={paths.webhooks.list}>{t('backToList')}</BackLink>;
  if (!endpoint) {
    return (
      <>
        {back}
        {endpointError ? (
          <>
            <PageHeader title={t('endpointLoadFailed')} />
            <LoadErrorState
              title={t('endpointLoadFailed')}
              message={endpointError}
              onRetry={onRetryEndpoint}
            />
          </>
        ) : (
          <LoadingState text={t('endpointLoading')} />
        )}
      </>
    );
  }
  return (
    <>
      {back}
      <EndpointDeliveries {...props} endpoint={endpoint} />
    </>
  );
}

function EndpointDeliveries({
  endpoint,
  deliveries,
  deliveriesError,
  status,
  onStatusChange,
  onUpdate,
  onEnable,
  onRotate,
  onResend,
  resending,
}: WebhookDetailViewProps & { endpoint: WebhookEndpoint }) {
  const t = useT();
  const [form, setForm] = useState({ open: false, session: 0 });
  const [rotation, setRotation] = useState<'ask' | 'busy' | null>(null);
  // The new secret while it is shown (once), else null.
  const [secret, setSecret] = useState<string | null>(null);
  const rows = deliveries.rows;
  const table = useMemo(
    () => ({
      columns: deliveryColumns(onResend, resending),
      rowKey: deliveryId,
      label: t('deliveriesLabel'),
      emptyText: t('deliveriesEmpty'),
      minW: '64rem',
    }),
    [onResend, resending, t],
  );
  const rotate = () => {
    setRotation('busy');
    void onRotate(endpoint).then((value) => {
      setRotation(null);
      setSecret(value);
    });
  };
  const events = endpoint.events.map(eventChoiceLabel).join(', ');
  return (
    <ListScreen
      title={endpoint.url}
      description={endpoint.description || t('deliveries')}
      actions={
        <>
          <Button
            variant="outline"
            onClick={() => setForm(({ session }) => ({ open: true, session: session + 1 }))}
          >
            {t('edit')}
          </Button>
          <Button variant="outline" onClick={() => setRotation('ask')}>
            {t('rotate')}
          </Button>
        </>
      }
      notice={
        <Stack gap="2" mb="4">
          <DisabledNotice endpoint={endpoint} onEnable={onEnable} />
          <Text as="div" data-testid="webhook-endpoint-status">
            <EndpointStatus endpoint={endpoint} />
          </Text>
          <Text color="fg.muted" fontSize="sm" data-testid="webhook-endpoint-events">
            {t('events')}: {events}
          </Text>
        </Stack>
      }
      filters={
        <FilterSelect
          label={t('statusFilter')}
          value={status}
          options={filterChoices(
            t('allStatuses'),
            Object.values(DELIVERY_STATUSES),
            deliveryStatusLabel,
          )}
          onChange={onStatusChange}
        />
      }
      {...serverListOrLoadError(
        deliveries,
        deliveryNoun,
        t('deliveriesLoadFailed'),
        deliveriesError,
      )}
      loadingText={t('deliveriesLoading')}
      footer={
        <>
          <Fragment key={form.session}>
            <WebhookFormDialog
              open={form.open}
              endpoint={endpoint}
              onUpdate={onUpdate}
              onClose={() => setForm(({ session }) => ({ open: false, session }))}
            />
          </Fragment>
          {/* The secret takes the confirmation's place at once (as the API token's takes its
              form's): two dialogs at a time would each take the focus from the other. */}
          {secret === null ? (
            <ConfirmDialog
              open={rotation !== null}
              busy={rotation === 'busy'}
              closeButton
              title={t('rotateTitle')}
              confirmLabel={t('rotate')}
              busyText={t('rotating')}
              onConfirm={rotate}
              onCancel={() => setRotation(null)}
            >
              {t('rotateQuestion', { url: endpoint.url })}
            </ConfirmDialog>
          ) : (
            <WebhookSecretDialog
              open
              url={endpoint.url}
              secret={secret}
              // Forgotten once closed: shown this once.
              onDone={() => setSecret(null)}
            />
          )}
        </>
      }
    >
      <DataTable rows={rows ?? []} {...table} {...deliveries.table} />
    </ListScreen>
  );
}
