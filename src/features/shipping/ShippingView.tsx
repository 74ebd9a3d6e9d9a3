import { Alert, Flex, Stack, Text } from '@chakra-ui/react';
import { Fragment, useMemo, type ReactNode } from 'react';
import type { ShippingMethod, ShippingZone } from '@generated/model';
import { PageHeader } from '@/components/layout/PageHeader';
import { SectionTitle } from '@/components/layout/SectionTitle';
import {
  AddButton,
  ConfirmDialog,
  DataTable,
  LoadErrorState,
  LoadingState,
  rowActionsColumn,
  StatusBadge,
  textColumn,
  useCrudDialogs,
  type Column,
  type Noun,
  type ServerListState,
} from '@/components/list-screen';
import { formatCount } from '@/lib/format';
import { methodNoun, t, useT, zoneNoun } from './messages';
import { MethodFormDialog } from './MethodFormDialog';
import {
  countriesText,
  governoratesText,
  methodName,
  optionalMoney,
  rateText,
  zonesText,
} from './shipping-display';
import type { MethodFormValues, ZoneFormValues } from './shipping-form';
import { ZoneFormDialog } from './ZoneFormDialog';

export interface ShippingViewProps {
  zones: ServerListState<ShippingZone>;
  methods: ServerListState<ShippingMethod>;
  /** Why each list could not be loaded (the server's reason), else null. */
  zonesError: string | null;
  methodsError: string | null;
  /** settings:write: Add, Edit and Delete; without it both lists are read-only. */
  canEdit: boolean;
  /** Create (item null) or update; resolve true when saved (the dialog then closes). */
  onSaveZone: (values: ZoneFormValues, zone: ShippingZone | null) => Promise<boolean>;
  onSaveMethod: (values: MethodFormValues, method: ShippingMethod | null) => Promise<boolean>;
  /** Delete (after the confirmation); the container reports the outcome. */
  onDeleteZone: (zone: ShippingZone) => Promise<unknown>;
  onDeleteMethod: (method: ShippingMethod) => Promise<unknown>;
}

const zoneId = (zone: ShippingZone) => zone.id;
const methodId = (method: ShippingMethod) => method.id;

/** A long text on up to two lines, whole in its tooltip. */
const LinesCell = ({ text }: { text: string }) => (
  <span className="cell-lines" title={text}>
    {text}
  </span>
);

type Actions<R> = { edit: (row: R) => void; remove: (row: R) => void } | null;

function withActions<R>(columns: Column<R>[], actions: Actions<R>, name: (row: R) => string) {
  if (!actions) return columns;
  return [
    ...columns,
    rowActionsColumn(t('columnActions'), (row: R) => ({
      name: name(row),
      edit: () => actions.edit(row),
      onDelete: () => actions.remove(row),
    })),
  ];
}

function zoneColumns(actions: Actions<ShippingZone>): Column<ShippingZone>[] {
  return withActions(
    [
      textColumn(t('columnName'), (z) => z.name, { tone: 'strong', card: 'title' }),
      textColumn(t('columnCountries'), countriesText, { width: '14rem', card: 'subtitle' }),
      {
        header: t('columnGovernorates'),
        width: '16rem',
        card: 'meta',
        cell: (z) => <LinesCell text={governoratesText(z)} />,
      },
      {
        header: t('columnMethods'),
        width: '6rem',
        align: 'end',
        card: 'value',
        cell: (z) => <span className="cell-numeric">{formatCount(z.method_count)}</span>,
      },
    ],
    actions,
    (z) => z.name,
  );
}

function methodColumns(
  zones: readonly ShippingZone[],
  actions: Actions<ShippingMethod>,
): Column<ShippingMethod>[] {
  return withActions(
    [
      textColumn(t('columnName'), methodName, { tone: 'strong', card: 'title' }),
      textColumn(t('columnZones'), (m) => zonesText(m, zones), {
        width: '11rem',
        card: 'subtitle',
      }),
      {
        header: t('columnRate'),
        width: '18rem',
        card: 'meta',
        cell: (m) => <LinesCell text={rateText(m)} />,
      },
      {
        header: t('columnFreeAbove'),
        width: '8rem',
        align: 'end',
        card: 'meta',
        cell: (m) => (
          <span className="cell-numeric cell-nowrap">{optionalMoney(m.free_above)}</span>
        ),
      },
      {
        header: t('columnCodFee'),
        width: '7rem',
        align: 'end',
        card: 'meta',
        cell: (m) => <span className="cell-numeric cell-nowrap">{optionalMoney(m.cod_fee)}</span>,
      },
      textColumn(t('columnCarrier'), (m) => m.carrier ?? t('none'), {
        width: '8rem',
        card: 'meta',
      }),
      {
        header: t('columnStatus'),
        width: '6.5rem',
        card: 'badge',
        cell: (m) => <StatusBadge active={m.is_active} />,
      },
    ],
    actions,
    methodName,
  );
}

interface SectionProps<R> {
  title: string;
  description: string;
  noun: Noun;
  list: ServerListState<R>;
  loadError: { title: string; message: string | null };
  loadingText: string;
  add: ReactNode;
  /** How the rows are shown once loaded (the list gives the rest: rows, paging). */
  table: {
    columns: readonly Column<R>[];
    rowKey: (row: R) => number;
    label: string;
    emptyText: string;
    minW: string;
    testId: string;
  };
}

/** One list of the screen: its heading, count and Add button, then its table or its state. */
function Section<R>({
  title,
  description,
  noun,
  list,
  loadError,
  loadingText,
  add,
  table,
}: SectionProps<R>) {
  const failed = list.failed && !list.rows;
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Flex gap="3" align={{ sm: 'flex-end' }} direction={{ base: 'column', sm: 'row' }}>
        <SectionTitle title={title} description={description} />
        <Flex gap="3" align="center" ms={{ sm: 'auto' }}>
          {list.count && (
            <Text fontSize="sm" color="fg.muted" role="status" data-testid={`${noun.id}-count`}>
              {noun.count(list.count.all)}
            </Text>
          )}
          {add}
        </Flex>
      </Flex>
      {failed ? (
        <LoadErrorState
          title={loadError.title}
          message={loadError.message}
          onRetry={() => void list.reload()}
        />
      ) : list.isLoading || !list.rows ? (
        <LoadingState text={loadingText} />
      ) : (
        <DataTable rows={list.rows} {...table} {...list.table} />
      )}
    </Stack>
  );
}

/**
 * /admin/shipping (docs/product.md, "Shipping"): the zones a shop delivers to and the methods
 * that deliver there, each list with its count; an admin with settings:write adds, edits and
 * deletes them. While no method is active, a notice says checkout charges the server's flat rate.
 */
export function ShippingView({
  zones,
  methods,
  zonesError,
  methodsError,
  canEdit,
  onSaveZone,
  onSaveMethod,
  onDeleteZone,
  onDeleteMethod,
}: ShippingViewProps) {
  const t = useT();
  const zoneDialogs = useCrudDialogs<ShippingZone, ZoneFormValues>({
    onSave: onSaveZone,
    onDelete: onDeleteZone,
  });
  const methodDialogs = useCrudDialogs<ShippingMethod, MethodFormValues>({
    onSave: onSaveMethod,
    onDelete: onDeleteMethod,
  });
  const allZones = useMemo(() => zones.rows ?? [], [zones.rows]);
  const zoneTable = useMemo(
    () =>
      zoneColumns(canEdit ? { edit: zoneDialogs.openForm, remove: zoneDialogs.askDelete } : null),
    [canEdit, zoneDialogs.openForm, zoneDialogs.askDelete],
  );
  const methodTable = useMemo(
    () =>
      methodColumns(
        allZones,
        canEdit ? { edit: methodDialogs.openForm, remove: methodDialogs.askDelete } : null,
      ),
    [allZones, canEdit, methodDialogs.openForm, methodDialogs.askDelete],
  );
  const flatRateApplies = methods.rows !== undefined && !methods.rows.some((m) => m.is_active);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {flatRateApplies && (
        <Alert.Root status="info" mb="6" data-testid="flat-rate-notice">
          <Alert.Indicator />
          <Alert.Description>{t('flatRateNotice')}</Alert.Description>
        </Alert.Root>
      )}
      <Stack gap="10">
        <Section
          title={t('zonesTitle')}
          description={t('zonesDescription')}
          noun={zoneNoun}
          list={zones}
          loadError={{ title: t('zonesLoadFailed'), message: zonesError }}
          loadingText={t('loadingZones')}
          add={
            canEdit && <AddButton label={t('addZone')} onClick={() => zoneDialogs.openForm(null)} />
          }
          table={{
            columns: zoneTable,
            rowKey: zoneId,
            label: t('zonesTable'),
            emptyText: t('noZones'),
            minW: '44rem',
            testId: 'shipping-zones-scroll',
          }}
        />
        <Section
          title={t('methodsTitle')}
          description={t('methodsDescription')}
          noun={methodNoun}
          list={methods}
          loadError={{ title: t('methodsLoadFailed'), message: methodsError }}
          loadingText={t('loadingMethods')}
          add={
            canEdit && (
              <AddButton label={t('addMethod')} onClick={() => methodDialogs.openForm(null)} />
            )
          }
          table={{
            columns: methodTable,
            rowKey: methodId,
            label: t('methodsTable'),
            emptyText: t('noMethods'),
            minW: '70rem',
            testId: 'shipping-methods-scroll',
          }}
        />
      </Stack>
      {canEdit && (
        <>
          <Fragment key={`zone-${zoneDialogs.form.session}`}>
            <ZoneFormDialog
              open={zoneDialogs.form.open}
              item={zoneDialogs.form.item}
              onSubmit={zoneDialogs.form.submit}
              onClose={zoneDialogs.form.close}
            />
          </Fragment>
          <Fragment key={`method-${methodDialogs.form.session}`}>
            <MethodFormDialog
              open={methodDialogs.form.open}
              item={methodDialogs.form.item}
              onSubmit={methodDialogs.form.submit}
              onClose={methodDialogs.form.close}
              zones={allZones}
            />
          </Fragment>
          <ConfirmDialog
            {...zoneDialogs.remove.dialog}
            title={t('deleteZoneTitle')}
            confirmLabel={t('delete')}
            onConfirm={() => zoneDialogs.remove.confirm()}
          >
            {t('deleteZoneConfirm', { name: zoneDialogs.remove.target?.name ?? '' })}
          </ConfirmDialog>
          <ConfirmDialog
            {...methodDialogs.remove.dialog}
            title={t('deleteMethodTitle')}
            confirmLabel={t('delete')}
            onConfirm={() => methodDialogs.remove.confirm()}
          >
            {t('deleteMethodConfirm', {
              name: methodDialogs.remove.target ? methodName(methodDialogs.remove.target) : '',
            })}
          </ConfirmDialog>
        </>
      )}
    </>
  );
}
