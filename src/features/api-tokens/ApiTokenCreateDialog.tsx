import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ApiTokenCreate, ApiTokenCreated } from '@generated/model';
import { CheckboxesField, FormDialog, TextField, useFormDialog } from '@/components/form';
import { CopyIcon } from '@/components/icons';
import { DayField } from '@/components/list-screen/DayField';
import { DialogFrame } from '@/components/ui/DialogFrame';
import { notify } from '@/components/ui/notify';
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
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
    } catch {
      notify.error(t('error'), t('copyFailed'));
      return;
    }
    notify.success(t('success'), t('copied'));
  };
  return (
    <DialogFrame
      open={open}
      title={t('secretTitle')}
      onClose={onDone}
      // Opened in place of the form's dialog, whose focus goes back outside; and a stray click
      // must not hide a secret shown once: Done, the × or Escape close it.
      closeOnInteractOutside={false}
      footer={<Button onClick={onDone}>{t('done')}</Button>}
    >
      <Stack gap="4">
        <Text>{t('secretIntro')}</Text>
        <Flex gap="2" align="center" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Box
            as="output"
            aria-label={t('secretLabel', { name: token.name })}
            data-testid="api-token-secret"
            dir="ltr"
            flex="1"
            minW="0"
            p="3"
            borderWidth="1px"
            borderRadius="l2"
            bg="bg.muted"
            fontFamily="mono"
            fontSize="sm"
            wordBreak="break-all"
            userSelect="all"
          >
            {token.token}
          </Box>
          <Button variant="outline" onClick={() => void copy()}>
            <CopyIcon />
            {t('copy')}
          </Button>
        </Flex>
      </Stack>
    </DialogFrame>
  );
}
