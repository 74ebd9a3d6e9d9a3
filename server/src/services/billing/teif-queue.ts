// Queuing a document's e-invoice for TTN (#30 part 5): its teif becomes queued and a teif.submit
// job is added in the caller's transaction, so the job exists only if the document (or the
// resubmission) commits. Apart from services/billing/teif.ts because issuing calls it
// (invoices.ts), and teif.ts reads the documents through invoices.ts.
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { enqueueJob } from '../../jobs/queue';

/** The job that submits one document's signed TEIF to TTN (payload TeifJobPayload). */
export const TEIF_JOB = 'teif.submit';

export interface TeifJobPayload {
  invoice_id: number;
}

/**
 * Whether each document issued is submitted on its own: e-invoicing is on (TTN_URL) and the
 * shop can sign (TEIF_CERT_P12). Without a certificate it stays not_sent, as TTN would refuse an
 * unsigned e-invoice.
 */
export const submitsOnIssue = (config: Pick<Config, 'ttnUrl' | 'teifCertificate'>): boolean =>
  config.ttnUrl !== undefined && config.teifCertificate !== undefined;

/** Marks the document queued (no reason yet) and adds its submission job. */
export async function queueTeifSubmission(db: Db, invoiceId: number, now: Date): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ teif_status: 'queued', teif_reason: null, teif_updated_at: now.toISOString() })
    .where('id', '=', invoiceId)
    .execute();
  const payload: TeifJobPayload = { invoice_id: invoiceId };
  await enqueueJob(db, { kind: TEIF_JOB, payload, runAt: now });
}
