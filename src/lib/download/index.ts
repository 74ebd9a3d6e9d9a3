import type { AxiosRequestConfig, AxiosResponseTransformer } from 'axios';
import { ApiError, fromResponseBody } from '@/lib/http';
import { saveBlob } from './save-blob';

export { saveBlob };

/** A generated client of a file operation (a PDF, a CSV export) bound to its params. */
export type FileRequest = (options: AxiosRequestConfig) => Promise<Blob>;

/** The file name of a Content-Disposition header (`attachment; filename="x.pdf"`), if any. */
export function attachmentName(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * A refused download's error: the body of an error answer to a blob request is a Blob, read
 * here (axios hands it over unread) so that the message can say what the server said.
 */
async function failureOf(error: unknown, body: unknown): Promise<unknown> {
  if (!(error instanceof ApiError) || error.kind !== 'http' || !(body instanceof Blob))
    return error;
  try {
    return fromResponseBody(error.status, JSON.parse(await body.text()) as unknown);
  } catch {
    return error;
  }
}

/**
 * Fetches a file with a generated client and saves it under the name the server gives it
 * (Content-Disposition), else `fallbackName`. The client resolves to the body only, so the
 * headers are read as the response is transformed. A refused download rejects with the
 * server's error (its detail read from the Blob), for serverMessage.
 */
export async function downloadFile(
  request: FileRequest,
  fallbackName: string,
  options: AxiosRequestConfig = {},
): Promise<void> {
  let headers: Record<string, unknown> = {};
  let body: unknown;
  const capture: AxiosResponseTransformer = (data: unknown, responseHeaders) => {
    headers = { ...responseHeaders };
    body = data;
    return data;
  };
  let blob: Blob;
  try {
    blob = await request({ ...options, transformResponse: [capture] });
  } catch (error) {
    throw await failureOf(error, body);
  }
  saveBlob(blob, attachmentName(headers['content-disposition']) ?? fallbackName);
}
