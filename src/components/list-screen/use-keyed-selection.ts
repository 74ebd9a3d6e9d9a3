import { useCallback, useState } from 'react';

const NONE: ReadonlySet<number> = new Set();

/**
 * A list's row selection that belongs to one state of the list (`key`: its search, filters,
 * order, page): when the key changes the selection starts over empty, without an effect (as the
 * paging does: new params, a new first page). The products, the orders and the variants use it.
 */
export function useKeyedSelection(key: string) {
  const [selection, setSelection] = useState({ key, ids: NONE });
  const selectedIds = selection.key === key ? selection.ids : NONE;
  const setSelectedIds = useCallback(
    (ids: ReadonlySet<number>) => setSelection({ key, ids }),
    [key],
  );
  /** Rows that are gone (deleted, left out) leave the selection as it is when this runs. */
  const deselect = useCallback(
    (gone: (id: number) => boolean) =>
      setSelection((now) => ({ ...now, ids: new Set([...now.ids].filter((id) => !gone(id))) })),
    [],
  );
  return { selectedIds, setSelectedIds, deselect };
}
