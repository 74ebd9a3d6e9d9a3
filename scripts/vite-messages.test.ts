import { expect, it } from 'vitest';
import { compileMessagesFile } from './vite-messages';

it('compiles every message to a token list, plain text included (no "uncompiled" warnings in production)', () => {
  const out = JSON.parse(
    compileMessagesFile(
      JSON.stringify({
        title: 'Orders',
        count: '{count, plural, one {# order} other {# orders}}',
        quoted: "It's '{'literal'}'",
      }),
      'x/messages/en.json',
    ),
  ) as Record<string, unknown>;
  expect(out).toEqual({
    title: ['Orders'],
    count: [['count', 'plural', { one: ['#', ' order'], other: ['#', ' orders'] }]],
    quoted: ["It's {literal}"],
  });
});

it('refuses a file whose value is not a message', () => {
  expect(() => compileMessagesFile('{"a": 1}', 'x/messages/fr.json')).toThrow(
    'x/messages/fr.json: "a" is not a string',
  );
});
