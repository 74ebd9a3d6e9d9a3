// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeyedSelection } from './use-keyed-selection';

afterEach(() => cleanup());

const render = (key: string) =>
  renderHook(({ listKey }) => useKeyedSelection(listKey), { initialProps: { listKey: key } });

describe('useKeyedSelection', () => {
  it('keeps the rows picked while the key stays, and starts over empty when it changes', () => {
    const { result, rerender } = render('search=bag');
    expect([...result.current.selectedIds]).toEqual([]);
    act(() => result.current.setSelectedIds(new Set([3, 5])));
    rerender({ listKey: 'search=bag' });
    expect([...result.current.selectedIds]).toEqual([3, 5]);
    rerender({ listKey: 'search=oil' });
    expect([...result.current.selectedIds]).toEqual([]);
    // Back to the first key: what was picked under it is not brought back either.
    act(() => result.current.setSelectedIds(new Set([8])));
    rerender({ listKey: 'search=bag' });
    expect([...result.current.selectedIds]).toEqual([]);
  });

  it('deselects the rows that are gone from the selection as it is when it runs', () => {
    const { result } = render('page=1');
    act(() => result.current.setSelectedIds(new Set([1, 2, 3])));
    const { deselect } = result.current;
    act(() => result.current.setSelectedIds(new Set([1, 2, 3, 4, 5])));
    // The callback taken before the last pick still works on the selection of now.
    act(() => deselect((id) => id === 2 || id === 4));
    expect([...result.current.selectedIds]).toEqual([1, 3, 5]);
  });
});
