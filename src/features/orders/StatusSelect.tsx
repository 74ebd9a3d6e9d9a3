import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { OrderStatus } from '@generated/model';
import { Select } from '@/components/form';
import { statusOptions } from './order-display';

/**
 * Keys with which a closed native select steps to another option. Chromium and Firefox on Windows
 * and Linux then change its value and fire `change` at once, as part of the key's default action;
 * a modifier (Alt+ArrowDown) opens the list instead.
 */
function stepsThroughOptions(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return (
    /^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down))$/.test(event.key) || isTypeahead(event)
  );
}

/** A printable character other than space (space opens the list): the select's type-ahead. */
const isTypeahead = (event: KeyboardEvent) => event.key.length === 1 && event.key !== ' ';

export interface StatusSelectProps {
  status: OrderStatus;
  /** The status being sent, shown meanwhile. */
  pendingStatus: OrderStatus | null;
  onStatusChange: (status: OrderStatus) => void;
}

/**
 * The order's status selector (docs/product.md §4: a change is sent at once; the view asks
 * first for cancelled and refunded, see StatusChangeConfirm). Only an explicit
 * choice sends it: an option clicked, or Enter on the option the keyboard moved to. Stepping
 * through the options with the keyboard only shows them; leaving the field or Escape puts the
 * order's status back.
 */
export function StatusSelect({ status, pendingStatus, onStatusChange }: StatusSelectProps) {
  const options = useMemo(() => statusOptions(), []);
  const [browsed, setBrowsed] = useState<OrderStatus | null>(null);
  // Set by a stepping key until the end of its default action, which is when the browser fires
  // the `change` it causes (a timer runs after it).
  const stepping = useRef(false);

  const choose = (next: OrderStatus) => {
    setBrowsed(null);
    if (next !== status) onStatusChange(next);
  };

  return (
    <Select
      size="sm"
      flex="1"
      options={options}
      value={pendingStatus ?? browsed ?? status}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && browsed) {
          event.preventDefault();
          choose(browsed);
        } else if (event.key === 'Escape') {
          setBrowsed(null);
        } else if (stepsThroughOptions(event)) {
          stepping.current = true;
          setTimeout(() => (stepping.current = false));
        }
      }}
      onBlur={() => setBrowsed(null)}
      onChange={(event) => {
        const next = event.target.value as OrderStatus;
        if (stepping.current) setBrowsed(next === status ? null : next);
        else choose(next);
      }}
    />
  );
}
