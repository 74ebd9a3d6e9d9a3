// The mock API of the order paperwork answers as the contract says (the setup fails a test on
// any violation), and its documents reconcile as the Invoice schema describes.
import { expect, it } from 'vitest';
import { issueInvoice, listOrderInvoices } from '@generated/clients/invoices/invoices';
import { addOrderNote, getOrderTimeline, setOrderShipment } from '@generated/clients/orders/orders';
import { invoices, orderDetails } from '@mocks/fixtures';
import { mockAdminAuth, withMockApi } from '@/testing/mock-api';

withMockApi();

const millimes = (amount: string) => Math.round(Number(amount) * 1000);
const sum = (amounts: string[]) => amounts.reduce((total, a) => total + millimes(a), 0);

it('has documents whose amounts reconcile, a credit note referencing its invoice', () => {
  for (const d of invoices) {
    expect(
      sum([...d.lines.map((l) => l.total_price), d.shipping_amount]) - millimes(d.discount_amount),
    ).toBe(millimes(d.total_excl_vat));
    expect(sum(d.vat_breakdown.map((b) => b.vat_amount))).toBe(millimes(d.total_vat));
    expect(millimes(d.total_excl_vat) + millimes(d.total_vat)).toBe(millimes(d.total_incl_vat));
    expect(millimes(d.total_incl_vat) + millimes(d.stamp_duty)).toBe(millimes(d.amount_due));
  }
  const creditNote = invoices.find((d) => d.kind === 'credit_note')!;
  expect(creditNote.credits).toEqual({ id: 1, kind: 'invoice', number: 'INV-2025-000001' });
});

it('answers every order its documents and timeline, oldest first', async () => {
  for (const order of orderDetails) {
    const documents = await listOrderInvoices(order.id);
    expect(documents.every((d) => d.order_id === order.id)).toBe(true);
    const events = await getOrderTimeline(order.id);
    expect(events[0]).toMatchObject({ type: 'status_change', from_status: null });
    const times = events.map((e) => e.created_at);
    expect(times).toEqual([...times].sort());
  }
});

it('answers PDFs, and the writes of the order detail', async () => {
  for (const [url, name] of [
    ['/api/v1/admin/invoices/4/pdf?lang=fr', 'INV-2025-000003.pdf'],
    ['/api/v1/admin/orders/2/packing-slip', 'packing-slip-ORD-20250308-0003.pdf'],
  ] as const) {
    const response = await fetch(`http://localhost:3000${url}`, { headers: mockAdminAuth });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    await expect(response.text()).resolves.toMatch(/^%PDF-1\.4\n[\s\S]*\n%%EOF\n$/);
  }
  await expect(issueInvoice(1)).resolves.toMatchObject({ kind: 'invoice', order_id: 1 });
  await expect(issueInvoice(2)).rejects.toMatchObject({
    status: 409,
    message: 'This order already has an invoice',
  });
  await expect(addOrderNote(2, { note: '  Rappeler demain ' })).resolves.toMatchObject({
    type: 'note',
    note: 'Rappeler demain',
  });
  await expect(
    setOrderShipment(1, { carrier: 'Rapid-Poste', tracking_number: 'RR1TN' }),
  ).resolves.toMatchObject({ shipment: { carrier: 'Rapid-Poste', tracking_number: 'RR1TN' } });
  const refused = await setOrderShipment(4, { carrier: 'Aramex', tracking_number: '1' }).catch(
    (e: unknown) => e,
  );
  expect(refused).toMatchObject({ status: 409 });
});
