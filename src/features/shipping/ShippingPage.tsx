import type { ShippingMethod, ShippingZone } from '@generated/model';
import {
  createShippingMethod,
  createShippingZone,
  deleteShippingMethod,
  deleteShippingZone,
  getListShippingMethodsKey,
  getListShippingZonesKey,
  updateShippingMethod,
  updateShippingZone,
} from '@generated/hooks/shipping/shipping';
import { useServerList } from '@/components/list-screen';
import { notify, withToasts } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { ApiError, serverMessage } from '@/lib/http';
import { t } from './messages';
import { methodName } from './shipping-display';
import {
  toMethodInput,
  toZoneInput,
  type MethodFormValues,
  type ZoneFormValues,
} from './shipping-form';
import { ShippingView } from './ShippingView';

const NO_PARAMS = {};

/**
 * Container of /admin/shipping: both lists in the server's order (position, then id); saves and
 * deletions are toasted and reload both lists (a zone's method count follows its methods). A
 * zone deletion the server refuses because a method delivers there alone (409) names the method.
 */
export function ShippingPage() {
  const zones = useServerList<ShippingZone, object>({
    keyOf: getListShippingZonesKey,
    params: NO_PARAMS,
    unfiltered: null,
  });
  const methods = useServerList<ShippingMethod, object>({
    keyOf: getListShippingMethodsKey,
    params: NO_PARAMS,
    unfiltered: null,
  });
  const canEdit = usePermission('settings:write');
  const reload = () => {
    void zones.reload();
    void methods.reload();
  };

  async function onSaveZone(values: ZoneFormValues, zone: ShippingZone | null) {
    const saved = await withToasts(
      () =>
        zone
          ? updateShippingZone(zone.id, toZoneInput(values))
          : createShippingZone(toZoneInput(values)),
      zone
        ? { success: t('zoneUpdated'), failure: t('zoneUpdateFailed') }
        : { success: t('zoneCreated'), failure: t('zoneCreateFailed') },
    );
    if (saved) reload();
    return saved;
  }

  async function onSaveMethod(values: MethodFormValues, method: ShippingMethod | null) {
    const saved = await withToasts(
      () =>
        method
          ? updateShippingMethod(method.id, toMethodInput(values))
          : createShippingMethod(toMethodInput(values)),
      method
        ? { success: t('methodUpdated'), failure: t('methodUpdateFailed') }
        : { success: t('methodCreated'), failure: t('methodCreateFailed') },
    );
    if (saved) reload();
    return saved;
  }

  async function onDeleteZone(zone: ShippingZone): Promise<void> {
    try {
      await deleteShippingZone(zone.id);
    } catch (failure) {
      // The method the zone is the only one of, named in the admin's language when it is listed.
      const alone = (methods.rows ?? []).find(
        (m) => m.zone_ids.length === 1 && m.zone_ids[0] === zone.id,
      );
      const message =
        failure instanceof ApiError && failure.status === 409 && alone
          ? t('zoneDeleteRefused', { method: methodName(alone), zone: zone.name })
          : serverMessage(failure, t('zoneDeleteFailed'));
      notify.error(t('errorTitle'), message);
      return;
    }
    notify.success(t('successTitle'), t('zoneDeleted'));
    reload();
  }

  async function onDeleteMethod(method: ShippingMethod): Promise<void> {
    if (
      await withToasts(() => deleteShippingMethod(method.id), {
        success: t('methodDeleted'),
        failure: t('methodDeleteFailed'),
      })
    )
      reload();
  }

  return (
    <ShippingView
      zones={zones}
      methods={methods}
      zonesError={zones.error ? serverMessage(zones.error, t('zonesLoadFailed')) : null}
      methodsError={methods.error ? serverMessage(methods.error, t('methodsLoadFailed')) : null}
      canEdit={canEdit}
      onSaveZone={onSaveZone}
      onSaveMethod={onSaveMethod}
      onDeleteZone={onDeleteZone}
      onDeleteMethod={onDeleteMethod}
    />
  );
}
