import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { passkeyAssertion, passkeyRequestOptions } from '@mocks/fixtures';
import { expectRightToLeft } from '@/testing/languages';
import { LoginForm } from '../LoginForm';

/**
 * "Use a passkey" on the sign-in card's second step (the 401 carried passkey_options). The
 * browser's prompt is a fake given as a prop (the story runner has no authenticator);
 * e2e/passkeys.e2e.ts signs in with a real one in Chromium.
 */
const meta = {
  title: 'Auth/LoginForm/Passkey',
  component: LoginForm,
  args: {
    onSubmit: fn(),
    onSecondStep: fn(),
    onCancelSecondStep: fn(),
    secondStep: { methods: ['passkey'], passkeyOptions: passkeyRequestOptions },
    passkeyPrompts: { sign: fn(() => Promise.resolve(passkeyAssertion)) },
  },
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The second step's card (the passkey button loads with it, on demand). */
const secondStepForm = async (canvasElement: HTMLElement) =>
  within(await within(canvasElement).findByRole('form', { name: 'Two-factor sign-in' }));

/** Passkeys only: the passkey is the card's main button; its answer is sent as `passkey`. */
export const PasskeyOnly: Story = {
  args: { onSecondStep: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement, args }) => {
    const form = await secondStepForm(canvasElement);
    await expect(form.getByText('Confirm with your passkey to finish signing in.')).toBeVisible();
    await expect(form.queryByRole('textbox')).toBeNull();
    await userEvent.click(await form.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() =>
      expect(args.onSecondStep).toHaveBeenCalledWith({ passkey: passkeyAssertion }),
    );
    await expect(args.passkeyPrompts!.sign).toHaveBeenCalledWith(passkeyRequestOptions);
    // While the sign-in is under way the button waits.
    await expect(form.getByRole('button', { name: 'Waiting for your passkey...' })).toBeDisabled();
  },
};

/** With an authenticator app too: the code field, and the passkey as the other way in. */
export const PasskeyBesideCode: Story = {
  args: {
    secondStep: {
      methods: ['totp', 'recovery_code', 'passkey'],
      passkeyOptions: passkeyRequestOptions,
    },
  },
  play: async ({ canvasElement, args }) => {
    const form = await secondStepForm(canvasElement);
    await expect(form.getByLabelText(/Authentication code/)).toBeVisible();
    await expect(form.getByRole('button', { name: 'Verify' })).toBeVisible();
    await userEvent.click(await form.findByRole('button', { name: 'Use a passkey' }));
    await waitFor(() =>
      expect(args.onSecondStep).toHaveBeenCalledWith({ passkey: passkeyAssertion }),
    );
    await expect(args.onSecondStep).toHaveBeenCalledOnce();
  },
};

/** The browser's prompt closed or timed out: said under the button, nothing sent, try again. */
export const PasskeyCancelled: Story = {
  args: {
    passkeyPrompts: {
      sign: fn(() =>
        Promise.reject(
          new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
        ),
      ),
    },
  },
  play: async ({ canvasElement, args }) => {
    const form = await secondStepForm(canvasElement);
    await userEvent.click(await form.findByRole('button', { name: 'Use a passkey' }));
    await expect(await form.findByRole('alert')).toHaveTextContent(
      "The passkey was not used: the browser's prompt was closed or timed out.",
    );
    await expect(args.onSecondStep).not.toHaveBeenCalled();
    await expect(form.getByRole('button', { name: 'Use a passkey' })).toBeEnabled();
  },
};

/** No WebAuthn in this browser. */
export const PasskeyUnsupported: Story = {
  args: {
    passkeyPrompts: {
      sign: fn(() => Promise.reject(new Error('WebAuthn is not supported in this browser'))),
    },
  },
  play: async ({ canvasElement, args }) => {
    const form = await secondStepForm(canvasElement);
    await userEvent.click(await form.findByRole('button', { name: 'Use a passkey' }));
    await expect(await form.findByRole('alert')).toHaveTextContent(
      'This browser cannot use passkeys.',
    );
    await expect(args.onSecondStep).not.toHaveBeenCalled();
  },
};

export const Arabic: Story = {
  globals: { locale: 'ar' },
  args: {
    passkeyPrompts: {
      sign: fn(() => Promise.reject(new DOMException('Timed out', 'NotAllowedError'))),
    },
  },
  play: async ({ canvasElement }) => {
    const form = within(
      await within(canvasElement).findByRole('form', { name: 'تسجيل الدخول بخطوتين' }),
    );
    await waitFor(() => expectRightToLeft());
    await userEvent.click(await form.findByRole('button', { name: 'استخدام مفتاح مرور' }));
    await expect(await form.findByRole('alert')).toHaveTextContent(
      'لم يُستخدم مفتاح المرور: أُغلقت نافذة المتصفح أو انتهت مهلتها.',
    );
  },
};
