import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ManagementColumn {
  header: string;
  /** CSS width of the column (the first column without one takes the rest). */
  width?: string;
  align?: 'start' | 'end';
}

interface ManagementTableProps {
  /** Accessible name of the table and its scroll region, e.g. 'Categories'. */
  label: string;
  columns: readonly ManagementColumn[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: string;
  /** Shown in a single full-width row when there are no rows. */
  emptyText: string;
  /** The data rows (`Table.Row`s); an empty array shows `emptyText`. */
  rows: readonly ReactNode[];
}

/** The bordered, horizontally scrollable table of a management screen with its empty row. */
export function ManagementTable({
  label,
  columns,
  minWidth,
  emptyText,
  rows,
}: ManagementTableProps) {
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="md"
      role="region"
      aria-label={label}
      // A scrollable region must be reachable with the keyboard.
      tabIndex={0}
      focusVisibleRing="inside"
    >
      <Table.Root size="sm" aria-label={label} minW={minWidth} tableLayout="fixed">
        <Table.Header>
          <Table.Row bg="bg.muted">
            {columns.map((column) => (
              <Table.ColumnHeader
                key={column.header}
                w={column.width}
                textAlign={column.align ?? 'start'}
              >
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={columns.length} textAlign="center" py="10" color="fg.muted">
                {emptyText}
              </Table.Cell>
            </Table.Row>
          ) : (
            rows
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
