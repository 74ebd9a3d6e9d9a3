// Payments tag: an order's payments and refunds, and carriers' cash-on-delivery remittances
// (services/orders/payments.ts, remittances.ts). Access (orders:read / payments:write) is
// enforced before these handlers run.
import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import { HttpProblem } from '../api/problem';
import { ImportFileError } from '../domain/product-import';
import { readRemittanceFile } from '../domain/remittance-file';
import { toMillimes } from '../domain/money';
import { withDefaults } from '../http/query';
import type { Handlers } from '../http/types';
import {
  createOrderPayment,
  listOrderPayments,
  removeOrderPayment,
} from '../services/orders/payments';
import { listRemittances, recordRemittance } from '../services/orders/remittances';
import { readCsvUpload } from './imports';

/** The file's fingerprint: the same carrier file imported twice is refused (remittances.ts). */
const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function paymentsHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;
  return {
    listOrderPayments: async (request) => listOrderPayments(db, request.params.id),

    createOrderPayment: async (request, reply) => {
      const payments = await createOrderPayment(ctx, request.params.id, request.body, {
        admin: request.admin,
      });
      reply.code(201);
      return payments;
    },

    removeOrderPayment: async (request) =>
      removeOrderPayment(ctx, request.params.id, request.params.payment_id, {
        admin: request.admin,
      }),

    listRemittances: async (request, reply) => {
      const { items, total } = await listRemittances(
        db,
        withDefaults(request.query, 'skip', 'limit'),
      );
      reply.header('X-Total-Count', String(total));
      return items;
    },

    createRemittance: async (request, reply) => {
      const { lines, ...rest } = request.body;
      const remittance = await recordRemittance(
        ctx,
        {
          ...rest,
          lines: lines.map((l, i) => ({
            line: i + 1,
            order_number: l.order_number,
            amount: toMillimes(l.amount),
          })),
        },
        'body',
        request.admin,
      );
      reply.code(201);
      return remittance;
    },

    importRemittance: async (request, reply) => {
      const file = await readCsvUpload(request, reply);
      let lines;
      try {
        lines = readRemittanceFile(file.bytes);
      } catch (err) {
        if (err instanceof ImportFileError) throw new HttpProblem(422, err.message);
        throw err;
      }
      const remittance = await recordRemittance(
        ctx,
        { ...request.query, lines, file_sha256: sha256Hex(file.bytes) },
        'query',
        request.admin,
      );
      reply.code(201);
      return remittance;
    },
  };
}
