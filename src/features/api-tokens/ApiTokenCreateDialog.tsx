import { Alert, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ApiTokenCreate, ApiTokenCreated } from '@generated/model';
import { CheckboxesField, FormDialog, TextField, useFormDialog } from '@/components/form';
import { DayField } from '@/components/list-screen/DayField';
import { ShownOnceDialog } from '@/components/ui/ShownOnceDialog';
import type { Permission } from '@/lib/auth/permissions';
import { fieldIssues, serverMessage } from '@/lib/http';
import {
  emptyApiTokenValues,
  toApiTokenCreate,
  validateApiToken,
  type ApiTokenFormValues,
} from './api-token-form';
import { t, useT } from './messages';

export interface ApiTokenCreateDialogProps {
  open: boolean;
  /** The scopes the signed-in admin may give (grantableScopes). */
  scopes: readonly Permission[];
  /** Today in the shop's time zone (YYYY-MM-DD): the first expiry day allowed. */
  today: string;
  /** Creates the token; rejects with the server's error (shown in the form). */
  onCreate: (body: ApiTokenCreate) => Promise<ApiTokenCreated>;
  /** Closes the dialog (the form, or the secret once it was shown). */
  onClose: () => void;
}

/**
 * Create API token (docs/product.md §10.31): a name, scopes among the admin's own permissions
 * and an optional expiry day. Once created, the same dialog shows the secret this once, with
 * Copy; the server keeps only its hash.
 */
export function ApiTokenCreateDialog({ open, onClose, ...props }: ApiTokenCreateDialogProps) {
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  if (created) return <SecretDialog open={open} token={created} onDone={onClose} />;
  return <CreateForm open={open} onClose={onClose} onCreated={setCreated} {...props} />;
}

/** What the form says of a failed creation: the 422's messages without their fields, else why. */
function failureMessage(error: unknown): string {
  const issues = [...fieldIssues(error).values()];
  return issues.length > 0 ? issues.join(' ') : serverMessage(error, t('createFailed'));
}

function CreateForm({
  open,
  scopes,
  today,
  onCreate,
  onClose,
  onCreated,
}: Omit<ApiTokenCreateDialogProps, 'open' | 'onClose'> & {
  open: boolean;
  onClose: () => void;
  onCreated: (token: ApiTokenCreated) => void;
}) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const { values, setField, bind, errorOf, dialog } = useFormDialog<null, ApiTokenFormValues>(
    {
      open,
      item: null,
      onClose,
      onSubmit: async (formValues) => {
        setFailure(null);
        try {
          onCreated(await onCreate(toApiTokenCreate(formValues)));
        } catch (error) {
          setFailure(failureMessage(error));
        }
      },
    },
    {
      values: { empty: emptyApiTokenValues, of: () => emptyApiTokenValues },
      validate: (formValues) => validateApiToken(formValues, today),
      titles: [t('createTitle'), t('createTitle')],
    },
  );
  const expiryError = errorOf('expires_on');
  return (
    <FormDialog {...dialog}>
      {failure && (
        <Alert.Root status="error" role="alert" data-testid="api-token-form-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('createFailed')}</Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <TextField
        label={t('name')}
        required
        maxLength={100}
        helperText={t('nameHelper')}
        autoComplete="off"
        {...bind('name')}
      />
      <CheckboxesField
        legend={t('scopes')}
        helperText={t('scopesHelper')}
        choices={scopes.map((scope) => ({ value: scope, label: scope }))}
        value={values.scopes}
        onChange={(chosen) => setField('scopes', chosen)}
        error={errorOf('scopes')}
        emptyText={t('noScopes')}
      />
      <Stack gap="1">
        <DayField
          label={t('expiresOn')}
          value={values.expires_on}
          onChange={(day) => setField('expires_on', day)}
        />
        {expiryError ? (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="api-token-expiry-error">
            {expiryError}
          </Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('expiresHelper')}
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

/** The new token's secret, this once: Copy, and Done back to the list. */
function SecretDialog({
  open,
  token,
  onDone,
}: {
  open: boolean;
  token: ApiTokenCreated;
  onDone: () => void;
}) {
  const t = useT();
  return (
    <ShownOnceDialog
      open={open}
      secret={token.token}
      testId="api-token-secret"
      onDone={onDone}
      texts={{
        title: t('secretTitle'),
        intro: t('secretIntro'),
        label: t('secretLabel', { name: token.name }),
        copy: t('copy'),
        copied: t('copied'),
        copyFailed: t('copyFailed'),
        done: t('done'),
      }}
    />
  );
}
