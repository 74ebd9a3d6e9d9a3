// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig, type State } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_GC_MS, GcCache, retainKeys } from './gc-cache';

const state = (data: unknown): State => ({ data });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('GcCache', () => {
  it('drops an entry nobody uses 60 s after it was written', () => {
    const cache = new GcCache();
    cache.set('a', state(1));
    vi.advanceTimersByTime(CACHE_GC_MS - 1);
    expect(cache.get('a')).toEqual(state(1));
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect([...cache.keys()]).toEqual([]);
  });

  it('keeps a retained entry however old, and counts down from the last release', () => {
    const cache = new GcCache(1_000);
    cache.retain('a');
    cache.retain('a');
    cache.set('a', state(1));
    vi.advanceTimersByTime(5_000);
    cache.release('a');
    vi.advanceTimersByTime(5_000);
    expect(cache.get('a')).toEqual(state(1)); // one user left
    cache.release('a');
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toEqual(state(1));
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('cancels the countdown when a user comes back, and a new write restarts it', () => {
    const cache = new GcCache(1_000);
    cache.set('a', state(1));
    vi.advanceTimersByTime(900);
    cache.retain('a');
    vi.advanceTimersByTime(5_000);
    expect(cache.get('a')).toEqual(state(1));
    cache.release('a');
    vi.advanceTimersByTime(900);
    cache.set('a', state(2));
    vi.advanceTimersByTime(900);
    expect(cache.get('a')).toEqual(state(2));
    vi.advanceTimersByTime(100);
    expect(cache.get('a')).toBeUndefined();
  });

  it('delete removes at once', () => {
    const cache = new GcCache();
    cache.set('a', state(1));
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('with SWR', () => {
  function Reader({ id }: { id: string }) {
    const { data } = useSWR(['/thing', id], () => `value ${id}`);
    return <p>{data ?? 'loading'}</p>;
  }

  it('keeps data while a component shows it and drops it 60 s after the last one unmounted', async () => {
    const cache = new GcCache();
    const { rerender } = render(
      <SWRConfig value={{ provider: () => cache, use: [retainKeys] }}>
        <Reader id="1" />
      </SWRConfig>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('value 1')).toBeTruthy();
    const key = [...cache.keys()].find((k) => k.includes('/thing'));
    expect(key).toBeDefined();

    await act(() => vi.advanceTimersByTimeAsync(5 * CACHE_GC_MS));
    expect(cache.get(key!)?.data).toBe('value 1'); // still mounted

    rerender(<SWRConfig value={{ provider: () => cache, use: [retainKeys] }}>{null}</SWRConfig>);
    await act(() => vi.advanceTimersByTimeAsync(CACHE_GC_MS - 1));
    expect(cache.get(key!)?.data).toBe('value 1');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(cache.get(key!)).toBeUndefined();
  });
});
