// Passkeys as a second factor against the real server, with Chromium's virtual authenticator
// (DevTools protocol, WebAuthn domain) standing in for a fingerprint reader: the admin adds a
// passkey on My account, signs out, signs in with the password, and the second step takes the
// passkey; the passkey then shows when it was last used.
// WebAuthn needs a secure context whose host is the relying party: the page is opened on
// http://localhost:<port>, the server's default PUBLIC_URL (its RP ID is PUBLIC_URL's host).
import { expect, test, type CDPSession, type Page } from './fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startShop, type RunningShop } from './server';

let shop: RunningShop;
/** The shop as its PUBLIC_URL names it (the server listens on 127.0.0.1, which localhost is). */
let origin: string;
test.beforeAll(async ({ database }) => {
  // Its own shop: the admin ends with a second factor, which other tests' sign-ins do not expect.
  shop = await startShop({}, { database });
  origin = shop.baseURL.replace('//127.0.0.1:', '//localhost:');
});
test.afterAll(async () => {
  await shop?.stop();
});

interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
}

/** A platform authenticator (like a laptop's fingerprint reader) that says yes at once. */
async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** A time as My account shows it: the shop's (Africa/Tunis, the default), 24-hour clock. */
const shopTime = (at: Date) =>
  at.toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Africa/Tunis',
  });

const credentialsOf = async ({ cdp, authenticatorId }: VirtualAuthenticator) =>
  (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;

async function passwordStep(page: Page): Promise<void> {
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Username').fill(ADMIN_USERNAME);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function openMyAccount(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My account' }).click();
  await expect(page).toHaveURL(`${origin}/admin/account`);
}

test('an admin adds a passkey on My account and signs in with it', async ({ page }) => {
  const authenticator = await addVirtualAuthenticator(page);

  // Signed in with the password alone: no second factor yet.
  await passwordStep(page);
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page).toHaveURL(`${origin}/admin`);

  await openMyAccount(page);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('E2E laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const passkey = section.getByTestId('passkey');
  await expect(passkey).toHaveCount(1);
  await expect(passkey).toContainText('E2E laptop');
  await expect(passkey).toContainText('Never used');

  // The authenticator holds a passkey for this shop (RP ID: PUBLIC_URL's host).
  const [created] = await credentialsOf(authenticator);
  expect(created).toMatchObject({ rpId: 'localhost', isResidentCredential: true });
  const countAfterRegistration = created!.signCount;

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${origin}/auth`);

  // The password now leads to the second step, which offers the passkey.
  await passwordStep(page);
  const secondStep = page.getByRole('form', { name: 'Two-factor sign-in' });
  await expect(
    secondStep.getByText('Confirm with your passkey to finish signing in.'),
  ).toBeVisible();
  const signIn = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/v1/admin/auth/login') &&
      (request.postDataJSON() as { passkey?: unknown }).passkey !== undefined,
  );
  const before = new Date();
  await secondStep.getByRole('button', { name: 'Use a passkey' }).click();
  const sent = (await signIn).postDataJSON() as {
    username: string;
    password: string;
    passkey: { id: string; type: string };
  };
  expect(sent).toMatchObject({
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
    // The DevTools protocol gives the id in base64, WebAuthn's JSON in base64url.
    passkey: {
      id: Buffer.from(created!.credentialId, 'base64').toString('base64url'),
      type: 'public-key',
    },
  });
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  const after = new Date();
  await expect(page).toHaveURL(`${origin}/admin`);
  // The authenticator signed once more.
  const [used] = await credentialsOf(authenticator);
  expect(used!.signCount).toBeGreaterThan(countAfterRegistration);

  // My account shows when the passkey was last used: now, in the shop's time.
  await openMyAccount(page);
  const usedPasskey = page.getByRole('region', { name: 'Passkeys' }).getByTestId('passkey');
  await expect(usedPasskey).toContainText('E2E laptop');
  // The minute of the sign-in (it may have turned meanwhile).
  const lastUsed = [before, after].map((at) => `Last used ${shopTime(at)}`);
  await expect(usedPasskey).toContainText(/Last used/);
  expect(lastUsed).toContain(
    /Last used [^\n]*?\d{2}:\d{2}/.exec((await usedPasskey.textContent()) ?? '')?.[0],
  );
  await expect(usedPasskey).not.toContainText('Never used');
});
