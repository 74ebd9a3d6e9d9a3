import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { invalid, notFound, unsupportedMediaType } from '../api/problem';
import type { Schemas } from '../api/types';
import type { Handlers } from '../http/types';
import { createMediaUrlSigner, DEFAULT_SIGNED_URL_SECONDS } from '../services/platform/signed-urls';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../domain/media-limits';
import { deleteFiles, uploadFiles, type UploadTarget } from '../services/platform/uploads';
import { mediaStorage } from '../services/platform/media';
import { MEDIA_CSP } from '../http/security';
import type { Storage } from '../storage/storage';

export interface UploadsOptions {
  /** Defaults to mediaStorage(config). */
  storage?: Storage;
  /** Defaults to 100 MB per file and 5 files per request (tests use smaller ones). */
  limits?: Partial<UploadLimits>;
}

/** Public media are immutable under their key (a new upload always gets a new key). */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

export function uploadsHandlers(
  ctx: Pick<AppContext, 'config' | 'now'> & { db?: AppContext['db'] },
  options: UploadsOptions = {},
): Handlers {
  const storage = options.storage ?? mediaStorage(ctx.config);
  const limits: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...options.limits };
  const signer = createMediaUrlSigner(ctx.config.urlSigningKey);

  const upload =
    (target: UploadTarget) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<Schemas['UploadResponse']> => {
      if (!request.isMultipart()) throw notMultipart(request, target);
      const maxCount = target.multiple ? limits.maxFiles : 1;
      let files;
      try {
        files = await uploadFiles(
          ctx.db,
          request.admin,
          // One past each limit, so that the service sees the offending byte or file itself.
          request.parts({ limits: { fileSize: limits.maxFileBytes + 1, files: maxCount + 1 } }),
          target,
          storage,
          limits,
        );
      } catch (err) {
        // Refused before the whole body was read: close the connection rather than leave the
        // rest of a (possibly 100 MB) upload stuck in it.
        if (!request.raw.readableEnded) reply.header('connection', 'close');
        throw err;
      }
      reply.code(201);
      return { files, count: files.length };
    };

  return {
    uploadImage: upload({ kind: 'image', field: 'file', multiple: false }),
    uploadImages: upload({ kind: 'image', field: 'files', multiple: true }),
    uploadVideo: upload({ kind: 'video', field: 'file', multiple: false }),
    uploadVideos: upload({ kind: 'video', field: 'files', multiple: true }),

    deleteFiles: async (request) => {
      // Whether a file is used lives in the database: an app without one cannot delete.
      if (!ctx.db) throw new Error('deleteFiles needs the database');
      const deleted = await deleteFiles(ctx.db, request.admin, storage, request.body.keys);
      return { deleted, count: deleted.length };
    },

    getPresignedUrl: async (request) => {
      const { key } = request.params;
      if (!(await storage.exists(key))) throw notFound('File not found');
      const expiration = request.query.expiration ?? DEFAULT_SIGNED_URL_SECONDS;
      return signer.signMediaUrl(key, expiration, ctx.now());
    },

    getMedia: async (request, reply) => {
      const { key } = request.params;
      const { expires, signature } = request.query;
      let cacheControl = PUBLIC_CACHE;
      /** Seconds a signed URL has left; undefined for the public URL. */
      let remaining: number | undefined;
      if (expires !== undefined || signature !== undefined) {
        if (expires === undefined || signature === undefined) {
          const missing = expires === undefined ? 'expires' : 'signature';
          throw invalid(
            ['query', missing],
            'expires and signature must be given together',
            'missing',
          );
        }
        const now = ctx.now();
        signer.verifyMediaSignature(key, expires, signature, now);
        remaining = Math.max(0, expires - Math.floor(now.getTime() / 1000));
        cacheControl = `private, max-age=${remaining}`;
      }
      if (storage.presignedReadUrl) {
        // The object store serves the bytes (no instance streams them): a short-lived URL of it,
        // never outliving a signed URL's own expiry.
        if (!(await storage.exists(key))) throw notFound('File not found');
        const seconds = Math.max(1, Math.min(ctx.config.s3PresignSeconds, remaining ?? Infinity));
        return reply
          .code(302)
          .headers({
            location: await storage.presignedReadUrl(key, seconds),
            'cache-control': `private, max-age=${redirectMaxAge(seconds)}`,
          })
          .send();
      }
      const file = await storage.get(key);
      if (!file) throw notFound('File not found');
      return reply
        .code(200)
        .headers({
          'content-type': file.contentType,
          'content-length': String(file.size),
          'cache-control': cacheControl,
          // Never let a browser reinterpret an upload as something else (HTML, script), nor run
          // it as a page of the shop's origin; a storefront elsewhere may still show it.
          'x-content-type-options': 'nosniff',
          'content-security-policy': MEDIA_CSP,
          'content-disposition': `inline; filename="${key}"`,
          'cross-origin-resource-policy': 'cross-origin',
        })
        .send(file.stream);
    },
  };
}

/**
 * How long a redirect to a URL valid `seconds` may be reused: a tenth less, so that a browser
 * following it at the end of its cache life still finds the URL valid.
 */
function redirectMaxAge(seconds: number): number {
  return seconds - Math.ceil(seconds / 10);
}

function notMultipart(request: FastifyRequest, target: UploadTarget) {
  if (!request.headers['content-type']) {
    return invalid(['body', target.field], 'Field required', 'missing');
  }
  return unsupportedMediaType(
    `Send the ${target.kind}${target.multiple ? 's' : ''} as multipart/form-data in the field "${target.field}"`,
  );
}
