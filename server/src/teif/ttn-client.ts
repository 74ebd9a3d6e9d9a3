// Submitting an e-invoice to TTN, behind an interface so that tests and other gateways plug in.
// The HTTP client speaks the simple protocol documented in docs/product.md §10.29 (we have no
// access to TTN's own web service; a gateway in front of it answers this way):
//   POST <TTN_URL>, body: the signed TEIF (application/xml), header X-Document-Number.
//   200 {"status":"accepted","reference":"…","qr_code":"…"}  TTN countersigned it;
//   200 {"status":"rejected","reason":"…"}                  TTN refused it (fix, then resubmit);
//   4xx                                                      refused as well (the reason is the
//                                                            answer's text);
//   a network error, a timeout, a 5xx or an answer of another shape: TTN could not be reached,
//   the submission is tried again later (TtnUnreachable).
import type { TeifDocument } from './teif-xml';

type TtnAnswer =
  | { status: 'accepted'; reference: string; qr_code: string }
  | { status: 'rejected'; reason: string };

export interface TtnClient {
  /** TTN's answer to this signed TEIF; rejects with TtnUnreachable when there is none. */
  submit(xml: string, doc: TeifDocument): Promise<TtnAnswer>;
}

/** No answer from TTN: the job tries again with back-off. */
export class TtnUnreachable extends Error {
  constructor(why: string) {
    super(`TTN could not be reached: ${why}`);
    this.name = 'TtnUnreachable';
  }
}

/** How long an answer may take before the attempt counts as unreachable. */
const TTN_TIMEOUT_MS = 30_000;
/** Longest text kept from TTN (the contract's reason and qr_code maxLength). */
const MAX_TEXT = 2000;

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/** Reads TTN's answer, or null when it is not one of the protocol's. */
function readTtnAnswer(body: unknown): TtnAnswer | null {
  if (typeof body !== 'object' || body === null) return null;
  const answer = body as Record<string, unknown>;
  if (answer.status === 'accepted') {
    const reference = text(answer.reference, 100);
    const qr = text(answer.qr_code, MAX_TEXT);
    return reference && qr ? { status: 'accepted', reference, qr_code: qr } : null;
  }
  if (answer.status === 'rejected') {
    return { status: 'rejected', reason: text(answer.reason, MAX_TEXT) ?? 'No reason given' };
  }
  return null;
}

/** The client of TTN_URL. */
export function httpTtnClient(url: string, timeoutMs = TTN_TIMEOUT_MS): TtnClient {
  return {
    async submit(xml, doc) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/xml', 'x-document-number': doc.number },
          body: xml,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        throw new TtnUnreachable(cause?.message ?? (err as Error).message);
      }
      const body = await res.text().catch(() => '');
      if (res.status >= 400 && res.status < 500) {
        return {
          status: 'rejected',
          reason:
            `TTN refused the request (HTTP ${res.status}): ${body.trim() || res.statusText}`.slice(
              0,
              MAX_TEXT,
            ),
        };
      }
      if (res.status !== 200) throw new TtnUnreachable(`HTTP ${res.status}`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = null;
      }
      const answer = readTtnAnswer(parsed);
      if (!answer) throw new TtnUnreachable('its answer was not one of the protocol');
      return answer;
    },
  };
}
