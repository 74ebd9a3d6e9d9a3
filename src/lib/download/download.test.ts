// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { attachmentName, saveBlob } from '.';

afterEach(() => vi.restoreAllMocks());

it('reads the file name of a Content-Disposition header', () => {
  expect(attachmentName('attachment; filename="INV-2026-000123.pdf"')).toBe('INV-2026-000123.pdf');
  expect(attachmentName("attachment; filename*=UTF-8''orders-2026-11-24.csv")).toBe(
    'orders-2026-11-24.csv',
  );
  expect(attachmentName('inline')).toBeNull();
  expect(attachmentName(undefined)).toBeNull();
});

it('clicks a link to an object URL with the download name, then leaves no link behind', () => {
  const clicked: { href: string; download: string }[] = [];
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ href: this.href, download: this.download });
  });
  saveBlob(new Blob(['a,b']), 'orders.csv');
  expect(clicked).toEqual([{ href: 'blob:file', download: 'orders.csv' }]);
  expect(document.querySelector('a')).toBeNull();
});
