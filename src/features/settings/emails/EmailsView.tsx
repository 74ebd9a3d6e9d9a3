import { Box, chakra, Fieldset, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type {
  EmailLanguage,
  OrderEmailEvent,
  OrderEmailPreview,
  OrderEmailSwitches,
} from '@generated/model';
import { FormSection, SelectField, SwitchField } from '@/components/form';
import { LoadErrorState, LoadingState } from '@/components/list-screen';
import { useT } from './messages';
import { EMAIL_LANGUAGES, ORDER_EMAIL_EVENTS } from './email-events';

export interface EmailsViewProps {
  /** The switches as saved; undefined while the settings load. */
  switches: OrderEmailSwitches | undefined;
  /** Why the settings could not be loaded, else null. */
  loadError: string | null;
  onRetry: () => void;
  /** settings:write: the switches can be changed; otherwise they are shown disabled. */
  canEdit: boolean;
  /** The switch being saved, else null (it waits meanwhile). */
  saving: OrderEmailEvent | null;
  onSwitch: (event: OrderEmailEvent, on: boolean) => void;
  preview: {
    event: OrderEmailEvent;
    language: EmailLanguage;
    onEvent: (event: OrderEmailEvent) => void;
    onLanguage: (language: EmailLanguage) => void;
    /** Undefined while it loads. */
    data: OrderEmailPreview | undefined;
    error: string | null;
    onRetry: () => void;
  };
}

/**
 * Settings → "Customer e-mails": a switch per order event, then the preview of the e-mail of an
 * event in a language, rendered by the server with a sample order. The e-mail's HTML is shown in
 * a sandboxed frame (no script, no same-origin access): it is the server's, but it holds a shop's
 * texts.
 */
export function EmailsView({
  switches,
  loadError,
  onRetry,
  canEdit,
  saving,
  onSwitch,
  preview,
}: EmailsViewProps) {
  const t = useT();
  return (
    <FormSection title={t('title')} description={t('description')}>
      {loadError ? (
        <LoadErrorState title={t('loadFailed')} message={loadError} onRetry={onRetry} />
      ) : !switches ? (
        <LoadingState text={t('loading')} />
      ) : (
        <Fieldset.Root disabled={!canEdit}>
          <Fieldset.Legend>{t('switchesLabel')}</Fieldset.Legend>
          {!canEdit && <Fieldset.HelperText>{t('readOnly')}</Fieldset.HelperText>}
          <Stack gap="3" mt="2">
            {ORDER_EMAIL_EVENTS.map((event) => (
              <SwitchField
                key={event}
                name={`order_emails.${event}`}
                label={t(`event.${event}`)}
                helperText={t(`help.${event}`)}
                checked={switches[event]}
                disabled={!canEdit || saving !== null}
                onChange={(on) => onSwitch(event, on)}
              />
            ))}
          </Stack>
        </Fieldset.Root>
      )}
      <EmailPreview {...preview} />
    </FormSection>
  );
}

function EmailPreview({
  event,
  language,
  onEvent,
  onLanguage,
  data,
  error,
  onRetry,
}: EmailsViewProps['preview']) {
  const t = useT();
  // A preview of another event or language is on its way: the old one is not shown as this one.
  const current = data && data.event === event && data.language === language ? data : undefined;
  return (
    <Stack as="section" aria-label={t('previewTitle')} gap="3" mt="4">
      <Box>
        <Text fontWeight="semibold">{t('previewTitle')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('previewDescription')}
        </Text>
      </Box>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <SelectField
          label={t('previewEvent')}
          name="preview_event"
          value={event}
          onChange={(value) => onEvent(value as OrderEmailEvent)}
          options={ORDER_EMAIL_EVENTS.map((e) => ({ value: e, label: t(`event.${e}`) }))}
        />
        <SelectField
          label={t('previewLanguage')}
          name="preview_language"
          value={language}
          onChange={(value) => onLanguage(value as EmailLanguage)}
          options={EMAIL_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
        />
      </SimpleGrid>
      {error ? (
        <LoadErrorState title={t('previewFailed')} message={error} onRetry={onRetry} />
      ) : !current ? (
        <LoadingState text={t('previewLoading')} />
      ) : (
        <Stack gap="2">
          <Text fontWeight="medium" data-testid="email-subject" overflowWrap="anywhere">
            {t('subject', { subject: current.subject })}
          </Text>
          <chakra.iframe
            title={t('previewFrame', { subject: current.subject })}
            // No script and no access to the console: the frame shows the e-mail, nothing more.
            sandbox=""
            srcDoc={current.html}
            width="100%"
            height="28rem"
            borderWidth="1px"
            borderRadius="md"
            bg="white"
          />
        </Stack>
      )}
    </Stack>
  );
}
