import axios, { AxiosError } from 'axios';
import { afterEach, expect, it, vi } from 'vitest';
import { requests, tagStoryRuns } from '@mocks/recorder';

const entry = (path: string) => ({
  method: 'GET',
  path,
  query: {},
  params: {},
  body: undefined,
  authorization: null,
});

afterEach(() => requests.clear());

it('does not record, after a clear, a request sent before it (the late request of a previous story)', () => {
  requests.clear();
  const earlier = requests.run();
  requests.record(entry('/api/v1/admin/settings/shop/changes'), earlier);
  requests.clear();
  requests.record(entry('/api/v1/admin/settings/shop/changes'), earlier);
  expect(requests.to('GET', '/api/v1/admin/settings/shop/changes')).toHaveLength(0);
  requests.record(entry('/api/v1/admin/settings/shop'), requests.run());
  requests.record(entry('/api/v1/admin/products/'));
  expect(requests.all().map((r) => r.path)).toEqual([
    '/api/v1/admin/settings/shop',
    '/api/v1/admin/products/',
  ]);
});

it('leaves unsettled the answer to a request an earlier story sent, and settles the current one', async () => {
  // An adapter that answers when the test says: the story ends between the request and its answer.
  const pending: Array<{ answer: (ok: boolean) => void }> = [];
  const client = axios.create({
    adapter: (config) =>
      new Promise((resolve, reject) =>
        pending.push({
          answer: (ok) =>
            ok
              ? resolve({ data: 'stored', status: 200, statusText: 'OK', headers: {}, config })
              : reject(new AxiosError('Network Error', 'ERR_NETWORK', config)),
        }),
      ),
  });
  // As the console's client does: a failure becomes an error that no longer carries the request.
  client.interceptors.response.use(undefined, () => Promise.reject(new Error('normalised')));
  tagStoryRuns(client);
  const settled: string[] = [];
  const send = (name: string) =>
    client.get('/api/v1/admin/uploads/images').then(
      () => settled.push(`${name} succeeded`),
      () => settled.push(`${name} failed`),
    );
  requests.clear();
  void send('earlier upload');
  void send('earlier save');
  await vi.waitFor(() => expect(pending).toHaveLength(2));
  requests.clear(); // the next story begins
  void send('current save');
  await vi.waitFor(() => expect(pending).toHaveLength(3));
  pending[0]!.answer(false);
  pending[1]!.answer(true);
  pending[2]!.answer(false);
  await vi.waitFor(() => expect(settled).toEqual(['current save failed']));
  // A later request of the current run, answered after them, settles after them too: once it has,
  // the earlier runs' answers, had they been passed on, would have settled already.
  void send('later save');
  await vi.waitFor(() => expect(pending).toHaveLength(4));
  pending[3]!.answer(true);
  await vi.waitFor(() => expect(settled).toHaveLength(2));
  expect(settled).toEqual(['current save failed', 'later save succeeded']);
});
