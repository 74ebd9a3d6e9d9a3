/**
 * Hands a file the API sent (a PDF, a CSV) to the browser as a download named `fileName`.
 * The object URL is revoked after the click has been dispatched, so the Blob can be freed.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
