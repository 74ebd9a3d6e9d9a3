// @vitest-environment jsdom
import { Blob as NodeBlob } from 'node:buffer';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportOrders } from '@generated/clients/exports/exports';
import { csvExports } from '@mocks/handlers';
import { requests, server } from '@mocks/node';
import { withMockApi } from '@/testing/mock-api';
import { notify } from '@/components/ui/notify';
import { saveBlob } from '@/lib/download/save-blob';
import { useCsvExport } from './csv-export';
import { englishNoun } from './english-noun';

// The browser's side of a download (a click on an object URL) is what jsdom cannot do.
vi.mock('@/lib/download/save-blob', () => ({
  saveBlob: vi.fn(),
}));
vi.mock('@/components/ui/notify', () => ({ notify: { error: vi.fn() } }));

const EXPORT = '/api/v1/admin/exports/orders';

// jsdom's Blob cannot be streamed, which the mock XMLHttpRequest does for responseType blob.
vi.stubGlobal('Blob', NodeBlob);
withMockApi();
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderExport() {
  return renderHook(() =>
    useCsvExport({
      noun: englishNoun('order', 'orders'),
      fallbackName: 'orders.csv',
      failure: 'Failed to export orders',
    }),
  );
}

describe('useCsvExport', () => {
  it('saves the file under the name the server gives, with the params asked for', async () => {
    const { result } = renderExport();
    await act(() =>
      result.current.start('One row per order', (options) =>
        exportOrders({ status: 'shipped', rows: 'orders' }, options),
      ),
    );
    expect(requests.last('GET', EXPORT)?.query).toEqual({ status: 'shipped', rows: 'orders' });
    expect(saveBlob).toHaveBeenCalledOnce();
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe('orders-2025-03-14.csv');
    expect(await blob.text()).toMatch(/^order_number,created_at,status,/);
    expect(notify.error).not.toHaveBeenCalled();
    expect(result.current.progress).toBeNull();
  });

  it('asks for the semicolon file once picked (the comma file, the default, is not named)', async () => {
    const { result } = renderExport();
    expect(result.current.separator).toBe('comma');
    act(() => result.current.setSeparator('semicolon'));
    expect(result.current.separator).toBe('semicolon');
    await act(() =>
      result.current.start('One row per order', (options, separator) =>
        exportOrders({ rows: 'orders', separator }, options),
      ),
    );
    expect(requests.last('GET', EXPORT)?.query).toEqual({ rows: 'orders', separator: 'semicolon' });
    const [blob] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(await blob.text()).toMatch(/^\uFEFF?order_number;created_at;status;/);
  });

  it("toasts the server's message of a refused export (its body arrives as a blob)", async () => {
    server.use(csvExports.orders.error(403, 'Not enough permissions'));
    const { result } = renderExport();
    await act(() => result.current.start('One row per order', (o) => exportOrders({}, o)));
    expect(notify.error).toHaveBeenCalledWith('Error', 'Not enough permissions');
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('shows the progress until cancelled, then neither saves nor toasts', async () => {
    server.use(csvExports.orders.loading());
    const { result } = renderExport();
    let done: Promise<void> | undefined;
    act(() => {
      done = result.current.start('One row per line', (o) => exportOrders({ rows: 'lines' }, o));
    });
    expect(result.current.progress).toMatchObject({ label: 'One row per line', loaded: 0 });
    await requests.waitFor('GET', EXPORT);
    act(() => result.current.cancel());
    expect(result.current.progress).toBeNull();
    await act(() => done!);
    await waitFor(() => expect(result.current.progress).toBeNull());
    expect(saveBlob).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });
});
