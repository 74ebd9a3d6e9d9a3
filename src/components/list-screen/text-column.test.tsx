import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textColumn, type Column } from './DataTable';

interface Token {
  name: string;
  lastUsed: string | null;
}

const erp: Token = { name: 'ERP sync', lastUsed: '12 Mar 2025, 09:12' };
const trial: Token = { name: 'Carrier trial', lastUsed: null };

/** The HTML of one row's cell, as the table renders it. */
const cellOf = (column: Column<Token>, row: Token) => renderToStaticMarkup(<>{column.cell(row)}</>);

describe('textColumn', () => {
  it('shows the text in the column tone, the whole text as its tooltip', () => {
    expect(
      cellOf(
        textColumn('Name', (row) => row.name, { tone: 'strong' }),
        erp,
      ),
    ).toBe('<span class="cell-text cell-strong" title="ERP sync">ERP sync</span>');
    expect(
      cellOf(
        textColumn('Name', (row) => row.name),
        erp,
      ),
    ).toBe('<span class="cell-text" title="ERP sync">ERP sync</span>');
  });

  it('mutes only the rows whose text stands in for a missing value', () => {
    const lastUsed = textColumn<Token>('Last used', (row) => row.lastUsed ?? 'Never used', {
      tone: 'strong',
      missing: (row) => row.lastUsed === null,
    });
    expect(cellOf(lastUsed, erp)).toBe(
      '<span class="cell-text cell-strong" title="12 Mar 2025, 09:12">12 Mar 2025, 09:12</span>',
    );
    expect(cellOf(lastUsed, trial)).toBe(
      '<span class="cell-text cell-muted" title="Never used">Never used</span>',
    );
  });

  it('takes its own tooltip (none when undefined) and a test id', () => {
    const lastUsed = textColumn<Token>('Last used', (row) => row.lastUsed ?? '-', {
      missing: (row) => row.lastUsed === null,
      title: (row) => row.lastUsed ?? undefined,
      testId: 'last-used',
    });
    expect(cellOf(lastUsed, trial)).toBe(
      '<span class="cell-text cell-muted" data-testid="last-used">-</span>',
    );
    expect(cellOf(lastUsed, erp)).toBe(
      '<span class="cell-text" title="12 Mar 2025, 09:12" data-testid="last-used">12 Mar 2025, 09:12</span>',
    );
  });
});
