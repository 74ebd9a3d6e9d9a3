// The mock API refuses to delete an upload that something uses, as the server does (409 naming
// who uses it, nothing deleted): the console never deletes uploads itself (a removed image only
// edits the form; the server deletes the file once the product is saved), so this is the mock's
// contract for any screen that would.
import { expect, it } from 'vitest';
import { deleteFiles } from '@generated/clients/uploads/uploads';
import { ApiError } from '@/lib/http/errors';
import { withMockApi } from '@/testing/mock-api';

withMockApi();

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

it('answers 409 naming the product, the variant or the settings that use a file', async () => {
  await expect(failure(deleteFiles({ keys: ['sac-cabas-camel.jpg'] }))).resolves.toMatchObject({
    status: 409,
    message: 'Used by product «Sac cabas en cuir» and variant «Sac cabas en cuir / Camel»',
  });
  const logo = await failure(deleteFiles({ keys: ['dar-el-jeld-logo.png'] }));
  expect(logo).toBeInstanceOf(ApiError);
  expect(logo).toMatchObject({ status: 409, message: 'Used by the shop logo in Settings' });
  await expect(
    failure(deleteFiles({ keys: ['unused.png', 'dar-el-jeld-logo.png'] })),
  ).resolves.toMatchObject({
    status: 409,
    message: 'dar-el-jeld-logo.png: Used by the shop logo in Settings',
  });
});

it('deletes files nothing uses', async () => {
  await expect(deleteFiles({ keys: ['unused.png'] })).resolves.toEqual({
    deleted: ['unused.png'],
    count: 1,
  });
});
