// E-invoices (#30 part 5; docs/product.md §10.29): a document's TEIF (getInvoiceTeif), its
// submission to TTN on demand (submitInvoiceTeif) and the teif.submit job that carries it there
// and records TTN's answer on the document (teif_* columns, migration 036). The XML, schema,
// signature and TTN protocol are the teif/ room's; this service reads and writes the rows.
import type { AppContext } from '../../context';
import type { Config } from '../../config';
import { conflict } from '../../api/problem';
import type { Schemas } from '../../api/types';
import type { Db } from '../../db/database';
import type { AdminUserRow } from '../../db/schema';
import type { JobLog } from '../../jobs/worker';
import { signTeif, teifErrors, teifXml, TtnUnreachable, type TtnClient } from '../../teif';
import { recordAudit } from '../platform/audit';
import { getInvoice } from './invoices';
import { queueTeifSubmission, type TeifJobPayload } from './teif-queue';

type Invoice = Schemas['Invoice'];
type Admin = Pick<AdminUserRow, 'id' | 'username'> | null;

export const TEIF_OFF = 'E-invoicing is off: set TTN_URL to submit documents to TTN';
export const TEIF_UNSIGNED = 'Set TEIF_CERT_P12 to sign e-invoices before submitting them';
export const TEIF_ACCEPTED = 'TTN has already accepted this document’s e-invoice';
export const TEIF_UNDER_WAY = 'This document’s e-invoice is already being submitted to TTN';

/** A document's TEIF, signed when the shop has a certificate, and the name it downloads under. */
export async function invoiceTeif(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  id: number,
): Promise<{ xml: string; fileName: string }> {
  const invoice = await getInvoice(ctx.db, id);
  return { xml: await teifOf(invoice, ctx.config, ctx.now()), fileName: `${invoice.number}.xml` };
}

/** The XML of the frozen content (its teif is not part of it), signed at `now` if possible. */
async function teifOf(
  invoice: Invoice,
  config: Pick<Config, 'teifCertificate'>,
  now: Date,
): Promise<string> {
  // Its teif (not frozen) is not read: the XML is the frozen content's alone.
  const xml = teifXml(invoice);
  return config.teifCertificate ? signTeif(xml, config.teifCertificate, now) : xml;
}

/** submitInvoiceTeif: queues the document's submission, or a 409 saying why not. */
export async function submitInvoiceTeif(
  ctx: Pick<AppContext, 'db' | 'config' | 'now'>,
  id: number,
  admin: Admin,
): Promise<Invoice> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await getInvoice(trx, id);
    if (ctx.config.ttnUrl === undefined) throw conflict(TEIF_OFF);
    if (ctx.config.teifCertificate === undefined) throw conflict(TEIF_UNSIGNED);
    if (before.teif.status === 'accepted') throw conflict(TEIF_ACCEPTED);
    if (before.teif.status === 'queued' || before.teif.status === 'sent') {
      throw conflict(TEIF_UNDER_WAY);
    }
    const now = ctx.now();
    // Claimed by a conditional update: of two submissions at once, the second waits for the
    // first's row lock (PostgreSQL), then finds the document queued and gets the 409.
    const claimed = await trx
      .updateTable('invoices')
      .set({ teif_status: 'queued' })
      .where('id', '=', id)
      .where('teif_status', 'in', ['not_sent', 'rejected'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw conflict(TEIF_UNDER_WAY);
    await queueTeifSubmission(trx, id, now);
    await recordAudit(
      trx,
      admin,
      {
        action: 'update',
        entity: 'invoice',
        entity_id: id,
        label: before.number,
        before: { teif_status: before.teif.status },
        after: { teif_status: 'queued' },
      },
      now,
    );
    return getInvoice(trx, id);
  });
}

/** The teif columns an attempt writes. */
const teifUpdate = (db: Db, id: number) => db.updateTable('invoices').where('id', '=', id);

/**
 * The teif.submit job: the document's signed TEIF to TTN, and TTN's answer on the document.
 * A document no longer queued or sent (accepted, rejected, resubmitted meanwhile and done) is
 * left as it is, so a second run of a done job sends nothing. When TTN cannot be reached the
 * document stays queued with the reason, and the job fails so that the queue retries it with
 * its back-off (jobs/worker.ts).
 */
export function teifSubmitJob(deps: {
  db: Db;
  config: Pick<Config, 'teifCertificate'>;
  client: TtnClient | undefined;
  now: () => Date;
  log: JobLog;
}) {
  return async (payload: unknown): Promise<void> => {
    const id = (payload as TeifJobPayload).invoice_id;
    const invoice = await getInvoice(deps.db, id);
    if (invoice.teif.status !== 'queued' && invoice.teif.status !== 'sent') return;
    const at = () => deps.now().toISOString();
    const refuse = (reason: string) =>
      teifUpdate(deps.db, id)
        .set({ teif_status: 'rejected', teif_reason: reason, teif_updated_at: at() })
        .execute();
    // Settings changed since it was queued: nothing can be sent, and retrying will not help.
    if (!deps.client) return void (await refuse(TEIF_OFF));
    if (!deps.config.teifCertificate) return void (await refuse(TEIF_UNSIGNED));
    const xml = await teifOf(invoice, deps.config, deps.now());
    const errors = await teifErrors(xml);
    if (errors.length > 0) {
      return void (await refuse(`The TEIF is not valid: ${errors.join('; ')}`.slice(0, 2000)));
    }
    await teifUpdate(deps.db, id)
      .set({
        teif_status: 'sent',
        teif_attempts: invoice.teif.attempts + 1,
        teif_updated_at: at(),
      })
      .execute();
    let answer;
    try {
      answer = await deps.client.submit(xml, invoice);
    } catch (err) {
      const reason = err instanceof TtnUnreachable ? err.message : `TTN failed: ${String(err)}`;
      await teifUpdate(deps.db, id)
        .set({ teif_status: 'queued', teif_reason: reason.slice(0, 2000), teif_updated_at: at() })
        .execute();
      throw err;
    }
    if (answer.status === 'accepted') {
      await teifUpdate(deps.db, id)
        .set({
          teif_status: 'accepted',
          teif_reference: answer.reference,
          teif_qr_code: answer.qr_code,
          teif_reason: null,
          teif_updated_at: at(),
        })
        .execute();
      deps.log.info({ invoice: id, reference: answer.reference }, 'TTN accepted an e-invoice');
    } else {
      await refuse(answer.reason);
      deps.log.warn({ invoice: id, reason: answer.reason }, 'TTN rejected an e-invoice');
    }
  };
}
