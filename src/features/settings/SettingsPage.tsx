import { Box } from '@chakra-ui/react';
import { useSWRConfig } from 'swr';
import {
  getGetShopSettingsKey,
  getListShopSettingsChangesKey,
  updateShopSettings,
  useGetShopSettings,
  useListShopSettingsChanges,
} from '@generated/hooks/settings/settings';
import { notify } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { setShopTimeZone } from '@/lib/format';
import { serverMessage } from '@/lib/http';
import { useT } from './messages';
import { changedSettings, settingsFieldErrors, type SettingsFormValues } from './settings-form';
import { SettingsView } from './SettingsView';
import { BackupsSection } from './backups';
import { EmailsSection } from './emails';

/** How many changes the screen lists. */
const RECENT_CHANGES = { limit: 20 };

/**
 * The shop settings (/admin/settings): every admin role reads them, super admins and admins
 * change them and see who changed what.
 */
export function SettingsPage() {
  const t = useT();
  // settings:write (updateShopSettings, listShopSettingsChanges); the others only read.
  const canEdit = usePermission('settings:write');
  // backups:manage (super admins): the Backups section, below the settings and apart from them.
  const canBackUp = usePermission('backups:manage');
  const settings = useGetShopSettings();
  const changes = useListShopSettingsChanges(RECENT_CHANGES, { swr: { enabled: canEdit } });
  const { mutate } = useSWRConfig();

  async function handleSave(values: SettingsFormValues) {
    if (!settings.data) return;
    const body = changedSettings(settings.data, values);
    // Only spaces or line ends differ: nothing the server would record.
    if (Object.keys(body).length === 0) return;
    try {
      const saved = await updateShopSettings(body);
      // Dates on every screen follow a new time zone at once, not at the next sign-in.
      setShopTimeZone(saved.time_zone);
      await mutate(getGetShopSettingsKey(), saved, { revalidate: false });
      await mutate(getListShopSettingsChangesKey(RECENT_CHANGES));
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('saveFailed')));
      return settingsFieldErrors(error);
    }
    notify.success(t('success'), t('saved'));
  }

  return (
    <>
      <SettingsView
        settings={settings.data}
        loadError={settings.error ? serverMessage(settings.error, t('loadFailed')) : null}
        onRetry={() => void settings.mutate()}
        canEdit={canEdit}
        onSave={handleSave}
        changes={canEdit ? { rows: changes.data, failed: changes.error !== undefined } : null}
      />
      {/* Once the settings are there: the section reads the same settings, asked once. */}
      {settings.data && (
        <Box mt="6">
          <EmailsSection />
        </Box>
      )}
      {canBackUp && (
        <Box mt="6">
          <BackupsSection />
        </Box>
      )}
    </>
  );
}
