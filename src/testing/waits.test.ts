// @vitest-environment jsdom
// The waits that replace fixed sleeps (src/testing/waits.ts): the barrier comes back after the
// requests sent before it were recorded, and the fake clock runs a timer exactly when it is due.
import { describe, expect, it } from 'vitest';
import { requests } from '@mocks/node';
import { mockAdminAuth, withMockApi } from '@/testing/mock-api';
import { afterRequestsSentSoFar, withFakeTimers } from './waits';

withMockApi();

describe('afterRequestsSentSoFar', () => {
  it('resolves once the requests sent before it have been recorded', async () => {
    const sent = ['/api/v1/admin/products/', '/api/v1/admin/categories/', '/api/v1/admin/users/'];
    // Sent and not awaited, as a screen sends them.
    const answers = sent.map((path) =>
      fetch(new URL(path, globalThis.location.href), { headers: mockAdminAuth }),
    );
    await afterRequestsSentSoFar();
    for (const path of sent) expect(requests.to('GET', path)).toHaveLength(1);
    await Promise.all(answers);
  });
});

describe('withFakeTimers', () => {
  it('runs a timer when the clock reaches it, not before, and leaves the real clock after', async () => {
    const realSetTimeout = globalThis.setTimeout;
    const fired: number[] = [];
    await withFakeTimers(async (clock) => {
      expect(globalThis.setTimeout).not.toBe(realSetTimeout);
      setTimeout(() => fired.push(1000), 1000);
      setTimeout(() => fired.push(5000), 5000);
      await clock.tickAsync(999);
      expect(fired).toEqual([]);
      await clock.tickAsync(1);
      expect(fired).toEqual([1000]);
    });
    // Still due when the story ended: run then, not dropped.
    expect(fired).toEqual([1000, 5000]);
    expect(globalThis.setTimeout).toBe(realSetTimeout);
  });

  it('removes the fake clock when the play function fails', async () => {
    const realSetTimeout = globalThis.setTimeout;
    await expect(
      withFakeTimers(() => Promise.reject(new Error('the story failed'))),
    ).rejects.toThrow('the story failed');
    expect(globalThis.setTimeout).toBe(realSetTimeout);
  });
});
