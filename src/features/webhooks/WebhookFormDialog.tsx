import { Alert } from '@chakra-ui/react';
import { useState } from 'react';
import type {
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointUpdate,
} from '@generated/model';
import {
  CheckboxesField,
  FormDialog,
  SwitchField,
  TextAreaField,
  TextField,
  useFormDialog,
} from '@/components/form';
import { fieldIssues, serverMessage } from '@/lib/http';
import { eventChoiceLabel, WEBHOOK_EVENTS } from './webhook-display';
import {
  emptyWebhookValues,
  toWebhookCreate,
  toWebhookUpdate,
  validateWebhook,
  webhookValuesOf,
  type WebhookFormValues,
} from './webhook-form';
import { WebhookSecretDialog } from './WebhookSecretDialog';
import { useT } from './messages';

export interface WebhookFormDialogProps {
  open: boolean;
  /** The endpoint edited; null: a new one. */
  endpoint: WebhookEndpoint | null;
  /** Creates the endpoint (needed when `endpoint` is null); rejects with the server's error. */
  onCreate?: (body: WebhookEndpointCreate) => Promise<WebhookEndpointCreated>;
  /** Saves the changes; rejects with the server's error (shown in the form). */
  onUpdate: (endpoint: WebhookEndpoint, body: WebhookEndpointUpdate) => Promise<unknown>;
  /** Closes the dialog (the form, or the new secret once it was shown). */
  onClose: () => void;
}

/**
 * Add or edit a webhook endpoint (docs/product.md §10.32): its URL, description, events and,
 * when editing, whether it is enabled. A new endpoint's signing secret is then shown this once.
 */
export function WebhookFormDialog({ open, onClose, ...props }: WebhookFormDialogProps) {
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  if (created)
    return (
      <WebhookSecretDialog open={open} url={created.url} secret={created.secret} onDone={onClose} />
    );
  return <EndpointForm open={open} onClose={onClose} onCreated={setCreated} {...props} />;
}

/**
 * What the form says of a refusal: the 422's messages without their fields (a private address
 * refused…), else the server's detail, else `fallback`.
 */
function failureMessage(error: unknown, fallback: string): string {
  const issues = [...fieldIssues(error).values()];
  return issues.length > 0 ? issues.join(' ') : serverMessage(error, fallback);
}

function EndpointForm({
  open,
  endpoint,
  onCreate,
  onUpdate,
  onClose,
  onCreated,
}: Omit<WebhookFormDialogProps, 'onClose'> & {
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointCreated) => void;
}) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const failedTitle = endpoint ? t('updateFailed') : t('createFailed');
  const { values, setField, bind, bindSwitch, errorOf, dialog } = useFormDialog<
    WebhookEndpoint,
    WebhookFormValues
  >(
    {
      open,
      item: endpoint,
      onClose,
      onSubmit: async (formValues) => {
        setFailure(null);
        try {
          if (endpoint) {
            await onUpdate(endpoint, toWebhookUpdate(formValues, endpoint));
            onClose();
          } else if (onCreate) {
            onCreated(await onCreate(toWebhookCreate(formValues)));
          }
        } catch (error) {
          setFailure(failureMessage(error, failedTitle));
        }
      },
    },
    {
      values: { empty: emptyWebhookValues, of: webhookValuesOf },
      validate: validateWebhook,
      titles: [t('createTitle'), t('editTitle')],
    },
  );
  return (
    <FormDialog {...dialog}>
      {failure && (
        <Alert.Root status="error" role="alert" data-testid="webhook-form-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{failedTitle}</Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <TextField
        label={t('url')}
        required
        type="url"
        dir="ltr"
        maxLength={2000}
        helperText={t('urlHelper')}
        autoComplete="off"
        {...bind('url')}
      />
      <TextAreaField
        label={t('description')}
        maxLength={500}
        helperText={t('descriptionHelper')}
        rows={2}
        {...bind('description')}
      />
      <CheckboxesField
        legend={t('events')}
        helperText={t('eventsHelper')}
        choices={WEBHOOK_EVENTS.map((event) => ({ value: event, label: eventChoiceLabel(event) }))}
        value={values.events}
        onChange={(chosen) => setField('events', chosen)}
        error={errorOf('events')}
      />
      {endpoint && (
        <SwitchField
          label={t('enabledLabel')}
          helperText={t('enabledHelper')}
          {...bindSwitch('enabled')}
        />
      )}
    </FormDialog>
  );
}
