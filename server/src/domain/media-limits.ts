// How large an upload may be: enforced by the upload service, and set one past each limit in the
// multipart parser (http/multipart.ts) so that the service's own answers win.
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 5;

export interface UploadLimits {
  /** Per file, in bytes. */
  maxFileBytes: number;
  /** Per request, for the multi-file operations. */
  maxFiles: number;
}

export const DEFAULT_UPLOAD_LIMITS: Readonly<UploadLimits> = {
  maxFileBytes: MAX_FILE_BYTES,
  maxFiles: MAX_FILES_PER_REQUEST,
};
