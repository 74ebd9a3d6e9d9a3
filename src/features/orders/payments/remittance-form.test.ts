import { describe, expect, it } from 'vitest';
import { validationSummary } from '@/components/form';
import { ApiError, fromResponseBody } from '@/lib/http';
import {
  emptyRemittance,
  refusedLines,
  remittanceSchema,
  remittanceTotals,
  toImportParams,
  toRemittanceCreate,
  type RemittanceValues,
} from './remittance-form';

const today = '2026-11-29';
const typed = (change: Partial<RemittanceValues>): RemittanceValues => ({
  ...emptyRemittance(today),
  carrier: ' Aramex ',
  ...change,
});
const errors = (v: RemittanceValues) =>
  validationSummary(remittanceSchema, v, { context: { today } }).errors;

describe('a new remittance', () => {
  it('needs the carrier, a day up to today, and its file or its lines', () => {
    expect(errors(typed({ carrier: '', received_on: '2026-11-30' }))).toEqual({
      carrier: 'Enter the carrier',
      received_on: 'The day cannot be after today',
      file: "Choose the carrier's CSV file",
    });
    expect(errors(typed({ source: 'orders', lines: [{ order_number: '', amount: '0' }] }))).toEqual(
      {
        'lines[0].order_number': 'Enter the order number',
        'lines[0].amount': 'The amount must be more than 0',
      },
    );
    const file = new File(['order_number,amount\n'], 'a.csv', { type: 'text/csv' });
    expect(errors(typed({ file }))).toEqual({});
  });

  it('sends Money with 3 decimals and adds up what reached the shop, exactly', () => {
    const values = typed({
      source: 'orders',
      reference: ' ',
      fee_amount: '7',
      withheld_amount: '0.3',
      lines: [
        { order_number: ' ORD-1 ', amount: '0.1' },
        { order_number: 'ORD-2', amount: '0.2' },
      ],
    });
    expect(toRemittanceCreate(values)).toEqual({
      carrier: 'Aramex',
      received_on: today,
      reference: null,
      fee_amount: '7.000',
      withheld_amount: '0.300',
      lines: [
        { order_number: 'ORD-1', amount: '0.100' },
        { order_number: 'ORD-2', amount: '0.200' },
      ],
    });
    expect(remittanceTotals(values)).toEqual({
      gross: '0.300',
      fee: '7.000',
      withheld: '0.300',
      net: '-7.000',
    });
    expect(toImportParams({ ...values, fee_amount: '' })).toEqual({
      carrier: 'Aramex',
      received_on: today,
      reference: undefined,
      fee_amount: undefined,
      withheld_amount: '0.300',
    });
  });

  it("reads the refused lines of the server's 422, and nothing else", () => {
    const refused = {
      detail: '1 line is refused; nothing was recorded',
      refused: [{ line: 2, order_number: 'ORD-9', reason: 'Unknown order' }],
    };
    expect(refusedLines(fromResponseBody(422, refused))).toEqual(refused);
    expect(refusedLines(fromResponseBody(422, { detail: 'The file is empty' }))).toBeNull();
    expect(refusedLines(fromResponseBody(409, refused))).toBeNull();
    expect(refusedLines(new ApiError(0, 'Network error', 'network'))).toBeNull();
  });
});
