import {
  Alert,
  Button,
  Card,
  Center,
  Field,
  Heading,
  Input,
  Stack,
  Text,
  type InputProps,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';

export interface LoginValues {
  username: string;
  password: string;
}

type LoginErrors = Partial<Record<keyof LoginValues, string>>;

const FIELDS = [
  { name: 'username', label: 'Username', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
] as const;

// Written out rather than with the form library: the sign-in page is the first load of most
// visits, and two required fields need none.
function validate({ username, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!username.trim()) errors.username = 'Username is required';
  if (!password) errors.password = 'Password is required';
  return errors;
}

interface LoginFormProps {
  /** Resolves when the attempt is over (success or failure); the button says 'Logging in...' until then. */
  onSubmit: (values: LoginValues) => Promise<void> | void;
  initialValues?: LoginValues;
  /** Why the last session ended without the user asking ('Authentication failed'), if it did. */
  sessionEndReason?: string | null;
}

/** The sign-in card of /auth (docs/product.md §2): Username and Password, both required. */
export function LoginForm({
  onSubmit,
  initialValues = { username: '', password: '' },
  sessionEndReason = null,
}: LoginFormProps) {
  const [values, setValues] = useState(initialValues);
  // A field's error shows once it was left or a submission was tried.
  const [touched, setTouched] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const errors = validate(values);

  const bind = (name: keyof LoginValues): InputProps & { error: string | undefined } => ({
    name,
    value: values[name],
    onChange: (event) => setValues((v) => ({ ...v, [name]: event.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: touched[name] ? errors[name] : undefined,
  });

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched({ username: true, password: true });
    if (Object.keys(errors).length > 0) return;
    setSubmitting(true);
    try {
      await onSubmit(values);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Center minH="100vh" px="4" bg="bg.subtle">
      <Card.Root width="full" maxW="sm" asChild>
        <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Admin login">
          <Card.Header>
            <Heading as="h1" size="xl">
              Admin Login
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              Sign in to the store management dashboard
            </Text>
          </Card.Header>
          <Card.Body>
            <Stack gap="4">
              {sessionEndReason && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{sessionEndReason}</Alert.Title>
                    <Alert.Description>
                      Your session has ended. Please sign in again.
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
              {FIELDS.map(({ name, ...field }) => (
                <RequiredField key={name} {...field} {...bind(name)} />
              ))}
            </Stack>
          </Card.Body>
          <Card.Footer>
            <Button type="submit" width="full" disabled={submitting}>
              {submitting ? 'Logging in...' : 'Login'}
            </Button>
          </Card.Footer>
        </form>
      </Card.Root>
    </Center>
  );
}

/** Label with the required mark, input, and its error (as the console's TextField shows them). */
function RequiredField({
  label,
  error,
  ...input
}: InputProps & { label: string; error: string | undefined }) {
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input {...input} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
