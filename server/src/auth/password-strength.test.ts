// The password strength rule: zxcvbn with the common, English, French and Arabic dictionaries,
// the user's own details, and the reason it gives for a refusal.
import { describe, expect, it } from 'vitest';
import { matching } from '../../test-support/contract';
import { HttpProblem } from '../api/problem';
import {
  assertStrongPassword,
  estimatePassword,
  MIN_PASSWORD_SCORE,
  personalWords,
  weakPasswordReason,
} from './password-strength';

/** Which dictionary (or other pattern) each part of the password was found in. */
const dictionariesOf = async (password: string): Promise<string[]> =>
  (await estimatePassword(password)).sequence.map((match) => {
    const { dictionaryName, pattern } = match as { dictionaryName?: string; pattern: string };
    return dictionaryName ?? pattern;
  });

describe('weakPasswordReason', () => {
  it('refuses repeats and common passwords, saying why in zxcvbn words', async () => {
    expect(await weakPasswordReason('aaaaaaaa')).toBe(
      'Password is too weak: Repeated characters like "aaa" are easy to guess. ' +
        'Add more words that are less common. Avoid repeated words and characters.',
    );
    expect(await weakPasswordReason('password123')).toBe(
      'Password is too weak: This is a commonly used password. Add more words that are less common.',
    );
  });

  it('accepts passphrases and long random strings', async () => {
    for (const password of ['correct-horse-battery', 'Tr0ub4dor&3', 'jasmin-boutique-2019']) {
      expect(await weakPasswordReason(password)).toBeNull();
      expect((await estimatePassword(password)).score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    }
  });

  it('knows French words and Arabic names written in Latin letters', async () => {
    expect(await dictionariesOf('boulangerie')).toEqual(['commonWords-fr']);
    expect(await weakPasswordReason('boulangerie')).toBe(
      'Password is too weak: Add more words that are less common.',
    );
    // Only in @zxcvbn-ts/language-ar (neither the English nor the French lists have it).
    expect(await dictionariesOf('abdul-ghaffar')).toEqual(['firstnames-ar']);
    expect(await weakPasswordReason('abdul-ghaffar')).toBe(
      'Password is too weak: Single names or surnames are easy to guess. ' +
        'Add more words that are less common.',
    );
  });

  it("refuses a password built from the user's own details, accepted for anyone else", async () => {
    const inputs = personalWords(
      'samira.benali',
      'samira.benali@example.com',
      'Samira Ben Ali',
      'Boutique Jasmin',
    );
    expect(await weakPasswordReason('samira.benali1')).toBeNull();
    expect(await weakPasswordReason('samira.benali1', inputs)).toBe(
      'Password is too weak: There should not be any personal or page related data. ' +
        'Add more words that are less common.',
    );
    expect(await weakPasswordReason('benali2024!', inputs)).toMatch(/personal/);
  });
});

describe('personalWords', () => {
  it('gives each value, the local part of an e-mail and the words of at least 3 letters', () => {
    expect(personalWords(' Jo.Doe ', 'jo.doe@shop.tn', 'Jo Al Doe', null, undefined, '')).toEqual([
      'jo.doe',
      'doe',
      'jo.doe@shop.tn',
      'shop',
      'jo al doe',
    ]);
  });
});

describe('assertStrongPassword', () => {
  it('throws the validation problem on the field named, with type password_strength', async () => {
    const refusal = await assertStrongPassword('aaaaaaaa', ['body', 'new_password']).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(HttpProblem);
    expect(refusal).toMatchObject({
      statusCode: 422,
      detail: [
        {
          loc: ['body', 'new_password'],
          msg: matching(/^Password is too weak: Repeated characters/),
          type: 'password_strength',
        },
      ],
    });
    await expect(
      assertStrongPassword('correct-horse-battery', ['body', 'password']),
    ).resolves.toBeUndefined();
  });
});
