import { Alert, Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { bindText, TextField } from '@/components/form';

export interface LoginValues {
  username: string;
  password: string;
}

const schema = yup.object({
  username: yup.string().trim().required('Username is required'),
  password: yup.string().required('Password is required'),
});

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
  const form = useFormik<LoginValues>({
    initialValues,
    validationSchema: schema,
    onSubmit: async (values) => {
      await onSubmit(values);
    },
  });

  return (
    <Center minH="100vh" px="4" bg="bg.subtle">
      <Card.Root width="full" maxW="sm" asChild>
        <form onSubmit={form.handleSubmit} noValidate aria-label="Admin login">
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
              <TextField
                label="Username"
                required
                {...bindText(form, 'username')}
                autoComplete="username"
              />
              <TextField
                label="Password"
                required
                {...bindText(form, 'password')}
                type="password"
                autoComplete="current-password"
              />
            </Stack>
          </Card.Body>
          <Card.Footer>
            <Button type="submit" width="full" disabled={form.isSubmitting}>
              {form.isSubmitting ? 'Logging in...' : 'Login'}
            </Button>
          </Card.Footer>
        </form>
      </Card.Root>
    </Center>
  );
}
