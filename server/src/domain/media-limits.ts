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

/**
 * The file name extensions each kind of upload accepts, case-insensitive (the upload service
 * then sniffs the bytes for that format). The mocks refuse the same names in the same words.
 */
const MEDIA_EXTENSIONS = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  video: ['mp4', 'avi', 'mov', 'wmv', 'flv', 'webm'],
} as const;

export type MediaKind = keyof typeof MEDIA_EXTENSIONS;
export type MediaExtension<K extends MediaKind> = (typeof MEDIA_EXTENSIONS)[K][number];

/** The extension of `name` when `kind` accepts it, else null. */
export function mediaExtensionOf<K extends MediaKind>(
  kind: K,
  name: string,
): MediaExtension<K> | null {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
  const allowed: readonly string[] = MEDIA_EXTENSIONS[kind];
  return allowed.includes(ext) ? (ext as MediaExtension<K>) : null;
}

/** The 415 detail for a file `name` of the wrong extension for `kind`. */
export const mediaExtensionRefusal = (kind: MediaKind, name: string) =>
  `${name} is not an allowed ${kind} file; allowed extensions: ${MEDIA_EXTENSIONS[kind].map((e) => `.${e}`).join(', ')}`;
