/**
 * Rules of the media uploader (docs/product.md §5, §9): which files each kind accepts, the per-file size limit,
 * the checks a selection must pass before anything is uploaded, and how a media URL maps back to
 * its storage key. Pure functions, no React.
 */
import { t } from './messages';

export type MediaKind = 'image' | 'video';

/** 100MB per file (docs/product.md §9); the server refuses larger files with a 413. */
export const MAX_FILE_SIZE = 100 * 1024 * 1024;
/** Default number of items a widget holds (docs/product.md §9 'Upload maximum 5 files by default'). */
export const DEFAULT_MAX_FILES = 5;
/** The multi-file upload endpoints take 1 to 5 files per request. */
const UPLOAD_BATCH_SIZE = 5;

interface KindRules {
  extensions: readonly string[];
  /** react-dropzone `accept` map: MIME type → extensions (a file matching either is taken). */
  accept: Record<string, readonly string[]>;
}

const MEDIA_RULES: Record<MediaKind, KindRules> = {
  image: {
    extensions: ['.jpg', '.jpeg', '.png', '.gif', '.webp'],
    accept: {
      'image/jpeg': ['.jpg', '.jpeg'],
      'image/png': ['.png'],
      'image/gif': ['.gif'],
      'image/webp': ['.webp'],
    },
  },
  video: {
    extensions: ['.mp4', '.avi', '.mov', '.wmv', '.flv', '.webm'],
    accept: {
      'video/mp4': ['.mp4'],
      'video/x-msvideo': ['.avi'],
      'video/quicktime': ['.mov'],
      'video/x-ms-wmv': ['.wmv'],
      'video/x-flv': ['.flv'],
      'video/webm': ['.webm'],
    },
  },
};

/**
 * What one use of the uploader takes: the kind's extensions, or fewer (the shop's logo: the PDF
 * library draws PNG and JPEG only), and a per-file size (the logo: 2 MB, kept in the database).
 * Narrowed here so a file the save would refuse is refused before it is uploaded.
 */
export interface MediaLimits {
  extensions: readonly string[];
  maxFileSize: number;
}

/** The kind's own limits, narrowed by `narrower` (extensions outside the kind are ignored). */
export function mediaLimits(kind: MediaKind, narrower: Partial<MediaLimits> = {}): MediaLimits {
  const own = MEDIA_RULES[kind].extensions;
  return {
    extensions: narrower.extensions ? own.filter((ext) => narrower.extensions!.includes(ext)) : own,
    maxFileSize: Math.min(narrower.maxFileSize ?? MAX_FILE_SIZE, MAX_FILE_SIZE),
  };
}

/** react-dropzone's `accept` map for these limits. */
export function acceptOf(kind: MediaKind, limits: MediaLimits): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const [type, extensions] of Object.entries(MEDIA_RULES[kind].accept)) {
    const kept = extensions.filter((ext) => limits.extensions.includes(ext));
    if (kept.length > 0) accept[type] = kept;
  }
  return accept;
}

/** 'JPG, JPEG, PNG, GIF, WEBP' */
function formatList(limits: MediaLimits): string {
  return limits.extensions.map((ext) => ext.slice(1).toUpperCase()).join(', ');
}

/** Whole megabytes, as the texts say them ('100MB'). */
const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/** The hint under the grid: supported formats and limits. */
export function mediaHint(kind: MediaKind, max: number, limits = mediaLimits(kind)): string {
  return t('hint', { kind, formats: formatList(limits), max, size: megabytes(limits.maxFileSize) });
}

export interface FileProblem {
  title: string;
  description: string;
}

type FileLike = Pick<File, 'name' | 'size'>;

function hasExtension(limits: MediaLimits, name: string): boolean {
  const lower = name.toLowerCase();
  return limits.extensions.some((ext) => lower.endsWith(ext));
}

/**
 * Why this selection cannot be uploaded, or null when it can (docs/product.md §5), checked in this order:
 * existing plus new above the maximum ('Too many files'), any file above 100MB or the limits'
 * size ('File too large', with the count), a file without a supported extension ('Unsupported
 * file type').
 */
export function checkFiles(
  kind: MediaKind,
  existing: number,
  files: readonly FileLike[],
  max: number,
  limits = mediaLimits(kind),
): FileProblem | null {
  if (existing + files.length > max)
    return { title: t('tooManyFiles'), description: t('tooManyFilesText', { kind, max }) };
  const tooLarge = files.filter((file) => file.size > limits.maxFileSize).length;
  if (tooLarge > 0)
    return {
      title: t('fileTooLarge'),
      description: t('fileTooLargeText', {
        count: tooLarge,
        size: megabytes(limits.maxFileSize),
      }),
    };
  if (files.some((file) => !hasExtension(limits, file.name)))
    return {
      title: t('unsupportedType'),
      description: t('supportedFormats', { formats: formatList(limits) }),
    };
  return null;
}

/** Splits files into upload requests of at most `size` files. */
export function batches<T>(items: readonly T[], size = UPLOAD_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const MEDIA_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The storage key of a media URL: its last path segment ('/api/v1/media/ab12.jpg?x=1' → 'ab12.jpg'),
 * or null when that segment is not a valid key (an external URL, an empty path…).
 */
export function mediaKeyFromUrl(url: string): string | null {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  let key: string;
  try {
    key = decodeURIComponent(last);
  } catch {
    return null;
  }
  return MEDIA_KEY.test(key) ? key : null;
}

/**
 * Stable ids for the sortable grid: the URL itself, with a suffix for repeats so that a URL listed
 * twice still gives two distinct items.
 */
export function itemIds(urls: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return urls.map((url) => {
    const n = seen.get(url) ?? 0;
    seen.set(url, n + 1);
    return n === 0 ? url : `${url}#${n}`;
  });
}

/** Moves the item at `from` to `to` (a new array). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}
