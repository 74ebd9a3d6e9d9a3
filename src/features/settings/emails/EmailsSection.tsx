import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { EmailLanguage, OrderEmailEvent, OrderEmailSwitches } from '@generated/model';
import {
  getGetShopSettingsKey,
  getListShopSettingsChangesKey,
  updateShopSettings,
  useGetOrderEmailPreview,
  useGetShopSettings,
} from '@generated/hooks/settings/settings';
import { notify } from '@/components/ui/notify';
import { usePermission } from '@/lib/auth/permissions';
import { activeLocale } from '@/lib/i18n';
import { serverMessage } from '@/lib/http';
import { EmailsView } from './EmailsView';
import { EMAIL_LANGUAGES, emailEventLabel } from './email-events';
import { useT } from './messages';

/** The recent changes the settings screen lists (SettingsPage's key, asked again after a save). */
const RECENT_CHANGES = { limit: 20 };

/** The preview opens in the console's language when the e-mails have it (they all do). */
const previewLanguage = (): EmailLanguage =>
  EMAIL_LANGUAGES.find((language) => language === activeLocale()) ?? 'en';

/**
 * Settings → "Customer e-mails": every admin role sees the switches and the preview; those who
 * may change the settings (settings:write) switch an e-mail on or off, saved at once.
 */
export function EmailsSection() {
  const t = useT();
  const canEdit = usePermission('settings:write');
  const settings = useGetShopSettings();
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState<OrderEmailEvent | null>(null);
  // The switch as clicked while it is saved: a refused save puts it back as saved, so the
  // checkbox under the switch says the same as the switch (a controlled switch that never
  // changed would leave the browser's own click on its checkbox).
  const [clicked, setClicked] = useState<Partial<OrderEmailSwitches>>({});
  const [event, setEvent] = useState<OrderEmailEvent>('confirmed');
  const [language, setLanguage] = useState<EmailLanguage>(previewLanguage);
  const preview = useGetOrderEmailPreview({ event, language });

  async function switchEmail(switched: OrderEmailEvent, on: boolean) {
    setSaving(switched);
    setClicked({ [switched]: on });
    try {
      const saved = await updateShopSettings({ order_emails: { [switched]: on } });
      await mutate(getGetShopSettingsKey(), saved, { revalidate: false });
      await mutate(getListShopSettingsChangesKey(RECENT_CHANGES));
      const what = emailEventLabel(switched);
      notify.success(t('success'), t(on ? 'switchedOn' : 'switchedOff', { event: what }));
    } catch (error) {
      notify.error(t('error'), serverMessage(error, t('saveFailed')));
    } finally {
      setSaving(null);
      setClicked({});
    }
  }

  return (
    <EmailsView
      switches={settings.data && { ...settings.data.order_emails, ...clicked }}
      loadError={settings.error ? serverMessage(settings.error, t('loadFailed')) : null}
      onRetry={() => void settings.mutate()}
      canEdit={canEdit}
      saving={saving}
      onSwitch={(switched, on) => void switchEmail(switched, on)}
      preview={{
        event,
        language,
        onEvent: setEvent,
        onLanguage: setLanguage,
        data: preview.data,
        error: preview.error ? serverMessage(preview.error, t('previewFailed')) : null,
        onRetry: () => void preview.mutate(),
      }}
    />
  );
}
