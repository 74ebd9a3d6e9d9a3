// A document's e-invoice as the API shows it (Invoice.teif), from the invoice row's teif_*
// columns (migration 036). Pure: the service reads the row and hands it here.
import type { Schemas } from '../api/types';

export interface TeifColumns {
  teif_status: Schemas['TeifStatus'];
  teif_reference: string | null;
  teif_qr_code: string | null;
  teif_reason: string | null;
  teif_attempts: number | string;
  teif_updated_at: string | null;
}

/** The teif_* columns every read of a document selects. */
export const TEIF_COLUMNS = [
  'teif_status',
  'teif_reference',
  'teif_qr_code',
  'teif_reason',
  'teif_attempts',
  'teif_updated_at',
] as const;

export const presentTeif = (row: TeifColumns): Schemas['TeifSubmission'] => ({
  status: row.teif_status,
  reference: row.teif_reference,
  qr_code: row.teif_qr_code,
  reason: row.teif_reason,
  attempts: Number(row.teif_attempts),
  updated_at: row.teif_updated_at,
});
