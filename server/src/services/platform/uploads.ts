// Rules of media uploads: which files are accepted, how they are checked and stored.
//
// - The extension of the client's file name picks the expected format (images: .jpg .jpeg .png
//   .gif .webp; videos: .mp4 .avi .mov .wmv .flv .webm, case-insensitive); anything else is 415.
// - The first bytes are sniffed (file-type) and must be that format: a .png that is not a PNG,
//   or a PNG named .jpg, is 415. The client's declared part type is ignored.
// - At most 100 MB per file (413) and 5 files per request (422).
// - Files stream to storage under new random keys; a request is all or nothing: when any file
//   is refused, the files already stored for it are deleted again.
// - Files live in the storage, not the database: each stored or deleted file is recorded in the
//   audit log after the fact, in a transaction of its own.
import { fileTypeFromBuffer } from 'file-type';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  badRequest,
  HttpProblem,
  invalid,
  payloadTooLarge,
  unsupportedMediaType,
} from '../../api/problem';
import type { Db } from '../../db/database';
import {
  mediaExtensionOf,
  mediaExtensionRefusal,
  type MediaExtension,
  type MediaKind,
  type UploadLimits,
} from '../../domain/media-limits';
import { contentTypeForKey, newMediaKey, type Storage } from '../../storage/storage';
import { recordAudit, type AuditActor, type AuditEntry } from './audit';
import { deleteUnusedFiles } from './media';
import { mediaUrl } from './signed-urls';

/** What one upload operation expects: the kind, the form field and one or several files. */
export interface UploadTarget {
  kind: MediaKind;
  field: string;
  multiple: boolean;
}

/** One part of a multipart body, as the route's parser hands it over. */
export type UploadPart =
  { type: 'file'; fieldname: string; filename: string; file: Readable } | { type: 'field' };

export interface UploadedMedia {
  url: string;
  key: string;
  content_type: string;
  size: number;
}

interface Format {
  /** In messages: "photo.png is not a valid PNG image". */
  label: string;
  /** file-type results that count as this format. */
  accepts(detected: { ext: string; mime: string }): boolean;
  /** Extension of the storage key, which also gives the served content type. */
  keyExtension: string;
}

const format = (label: string, keyExtension: string, sniffed: string[]): Format => ({
  label,
  keyExtension,
  accepts: (d) => sniffed.includes(d.ext),
});

const JPEG = format('JPEG', 'jpg', ['jpg']);
// Keyed by exactly the extensions the domain accepts (MEDIA_EXTENSIONS): one list of names.
const FORMATS: { [K in MediaKind]: Record<MediaExtension<K>, Format> } = {
  image: {
    jpg: JPEG,
    jpeg: JPEG,
    png: format('PNG', 'png', ['png', 'apng']), // an animated PNG is still a PNG
    gif: format('GIF', 'gif', ['gif']),
    webp: format('WebP', 'webp', ['webp']),
  },
  video: {
    mp4: format('MP4', 'mp4', ['mp4', 'm4v']),
    avi: format('AVI', 'avi', ['avi']),
    mov: format('MOV', 'mov', ['mov']),
    // file-type names the container (ASF); only an ASF with a video stream is a WMV video.
    wmv: {
      label: 'WMV',
      keyExtension: 'wmv',
      accepts: (d) => d.ext === 'asf' && d.mime === 'video/x-ms-asf',
    },
    flv: format('FLV', 'flv', ['flv']),
    webm: format('WebM', 'webm', ['webm']),
  },
};

const KEY_PREFIX = { image: 'img', video: 'vid' } as const;

/**
 * Records stored or deleted files in the log, in a transaction of their own (without a
 * database, e.g. a test of the limits alone, nothing is recorded).
 */
function recordMedia(db: Db | undefined, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  if (!db || entries.length === 0) return Promise.resolve();
  return db.transaction().execute((trx) => recordAudit(trx, actor, entries));
}

const media = (key: string, values: Pick<AuditEntry, 'before' | 'after'>): AuditEntry => ({
  action: values.after ? 'create' : 'delete',
  entity: 'media',
  entity_id: null,
  label: key,
  ...values,
});

/** Stores the files of one upload request (see storeUploads) and records each stored file. */
export async function uploadFiles(
  db: Db | undefined,
  actor: AuditActor,
  parts: AsyncIterable<UploadPart>,
  target: UploadTarget,
  storage: Storage,
  limits: UploadLimits,
): Promise<UploadedMedia[]> {
  const files = await storeUploads(parts, target, storage, limits);
  await recordMedia(
    db,
    actor,
    files.map(({ key, content_type, size }) => media(key, { after: { key, content_type, size } })),
  );
  return files;
}

/** Deletes the files of `keys` no product or variant uses (409 otherwise) and records each. */
export async function deleteFiles(
  db: Db,
  actor: AuditActor,
  storage: Storage,
  keys: readonly string[],
): Promise<string[]> {
  const deleted = await deleteUnusedFiles(db, storage, keys);
  await recordMedia(
    db,
    actor,
    deleted.map((key) => media(key, { before: { key } })),
  );
  return deleted;
}

/** Bytes read before sniffing: enough for every accepted format's header. */
const SNIFF_BYTES = 64 * 1024;

/**
 * Stores the files of a multipart request (its parts, one at a time) and returns
 * them in request order. Throws an HttpProblem (413/415/422/400) and leaves nothing stored when
 * any file is refused. Text fields are ignored; a file in another field is a 422.
 */
async function storeUploads(
  parts: AsyncIterable<UploadPart>,
  target: UploadTarget,
  storage: Storage,
  limits: UploadLimits,
): Promise<UploadedMedia[]> {
  const maxCount = target.multiple ? limits.maxFiles : 1;
  const stored: UploadedMedia[] = [];
  const iterator = parts[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<UploadPart>;
      try {
        next = await iterator.next();
      } catch (err) {
        throw fromMultipartError(err, target, maxCount);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type !== 'file') continue;
      if (part.fieldname !== target.field) {
        throw invalid(
          ['body', part.fieldname],
          `Unexpected file field; send the ${target.kind}${target.multiple ? 's' : ''} in "${target.field}"`,
          'extra_forbidden',
        );
      }
      if (!part.filename) {
        // What a browser sends for a file input left empty: no file.
        part.file.resume();
        await finished(part.file).catch(() => undefined);
        continue;
      }
      if (stored.length >= maxCount) throw tooManyFiles(target, maxCount);
      stored.push(await storeOne(part, target.kind, storage, limits.maxFileBytes));
    }
  } catch (err) {
    await Promise.allSettled(stored.map((f) => storage.delete(f.key)));
    throw err;
  }
  if (stored.length === 0) throw invalid(['body', target.field], 'Field required', 'missing');
  return stored;
}

async function storeOne(
  part: Extract<UploadPart, { type: 'file' }>,
  kind: MediaKind,
  storage: Storage,
  maxFileBytes: number,
): Promise<UploadedMedia> {
  const name = displayName(part.filename);
  const format = formatFor(kind, name);

  const reader = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const read = async () => {
    try {
      return await reader.next();
    } catch (err) {
      throw fromMultipartError(err);
    }
  };
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const chunk = await read();
    if (chunk.done) {
      ended = true;
      break;
    }
    headChunks.push(chunk.value);
    headBytes += chunk.value.length;
  }
  const head = Buffer.concat(headChunks);

  const detected = await fileTypeFromBuffer(head);
  if (!detected || !format.accepts(detected)) {
    const what = kind === 'image' ? 'image' : 'video';
    const actual = detected ? ` (its content is ${detected.mime})` : '';
    throw unsupportedMediaType(`${name} is not a valid ${format.label} ${what}${actual}`);
  }

  const tooLarge = () => payloadTooLarge(`${name} is larger than ${formatBytes(maxFileBytes)}`);
  if (head.length > maxFileBytes) throw tooLarge();

  // The rest streams through a counter: past the limit the stream fails with the 413, and the
  // storage driver removes what it had written. (The multipart parser cuts each file at the
  // limit + 1 byte, so an oversized file is never read further than that.)
  async function* body() {
    yield head;
    let total = head.length;
    while (!ended) {
      const chunk = await read();
      if (chunk.done) break;
      total += chunk.value.length;
      if (total > maxFileBytes) throw tooLarge();
      yield chunk.value;
    }
  }
  const key = newMediaKey(KEY_PREFIX[kind], format.keyExtension);
  const contentType = contentTypeForKey(key);
  const { size } = await storage.put(key, Readable.from(body()), contentType);
  return { url: mediaUrl(key), key, content_type: contentType, size };
}

function formatFor(kind: MediaKind, name: string): Format {
  const ext = mediaExtensionOf(kind, name);
  if (ext === null) throw unsupportedMediaType(mediaExtensionRefusal(kind, name));
  return (FORMATS[kind] as Record<string, Format>)[ext]!;
}

/** The client's file name as shown in messages: no folders, no control characters, bounded. */
export function displayName(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!clean) return 'file';
  return clean.length > 100 ? `${clean.slice(0, 60)}…${clean.slice(-30)}` : clean;
}

export function formatBytes(bytes: number): string {
  const MB = 1024 * 1024;
  if (bytes % MB === 0) return `${bytes / MB} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function tooManyFiles(target: UploadTarget, maxCount: number): HttpProblem {
  return target.multiple
    ? invalid(['body', target.field], `must NOT have more than ${maxCount} items`, 'maxItems')
    : invalid(['body', target.field], 'Only one file may be sent', 'value_error');
}

/** Errors of the multipart parser (malformed body, its own limits) as answers. */
export function fromMultipartError(err: unknown, target?: UploadTarget, maxCount = 1): unknown {
  if (err instanceof HttpProblem) return err;
  const e = err as { code?: string; message?: string; statusCode?: number };
  if (e.code === 'FST_FILES_LIMIT' && target) return tooManyFiles(target, maxCount);
  if (e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') {
    return badRequest('Too many parts in the multipart body');
  }
  if (e.code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge('A file is too large');
  return badRequest(`Malformed multipart body: ${e.message ?? 'unreadable'}`);
}
