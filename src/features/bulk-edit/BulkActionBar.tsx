import { Button, type FlexProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { SelectionBar } from '@/components/list-screen';
import { bulkActionTitle, type BulkActionKind } from './actions';
import { useT } from './messages';

interface BulkActionBarProps extends Omit<FlexProps, 'children'> {
  /** How many rows are selected, as the list says it: '3 selected'. */
  label: string;
  /** The bulk actions offered, a button each opening its dialog. */
  kinds: readonly BulkActionKind[];
  onAction: (kind: BulkActionKind) => void;
  /** More buttons after the actions (Clear Selection, Delete Selected). */
  children?: ReactNode;
}

/** The bar over a list with selected rows: how many, then a button per action. */
export function BulkActionBar({ label, kinds, onAction, children, ...frame }: BulkActionBarProps) {
  const t = useT();
  return (
    <SelectionBar label={label} regionLabel={t('bulkActions')} {...frame}>
      {kinds.map((kind) => (
        <Button key={kind} size="sm" variant="outline" onClick={() => onAction(kind)}>
          {bulkActionTitle(kind)}
        </Button>
      ))}
      {children}
    </SelectionBar>
  );
}
