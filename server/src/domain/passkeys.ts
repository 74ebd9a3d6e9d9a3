// An admin's passkeys: the bound and the texts of their refusals. The server
// (services/identity/passkeys.ts) and the console's mock answer with these texts, so this file
// imports nothing (the console's build includes it).

/** The contract's bound (PasskeyRegistration): at most this many passkeys per admin. */
export const MAX_PASSKEYS = 20;

/**
 * What a registration asks of the authenticator: a discoverable credential and the user's
 * verification where it can, neither required (an older security key still registers). Sign-in
 * asks the same verification. The console's mock answers with it too.
 */
export const AUTHENTICATOR_SELECTION = {
  residentKey: 'preferred',
  userVerification: 'preferred',
} as const;

export const PASSKEY_ERRORS = {
  notFound: 'Passkey not found',
  nameBlank: 'Name must not be blank',
  alreadyRegistered: 'This passkey is registered already',
  tooMany: `You can register at most ${MAX_PASSKEYS} passkeys`,
  challenge: 'This passkey request has expired or was already used; start again',
  notVerified: 'The passkey could not be verified',
  lastRequired:
    'Your role requires a second factor: set up another one before removing your last passkey',
} as const;
