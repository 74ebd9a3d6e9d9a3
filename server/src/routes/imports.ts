// Imports tag: a CSV file of products and variants checked or applied (services/catalogue/product-import.ts),
// and its template. Access (products:write) is enforced before these handlers run.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { HttpProblem, invalid, payloadTooLarge, unsupportedMediaType } from '../api/problem';
import type { Handlers } from '../http/types';
import { ImportFileError, MAX_IMPORT_BYTES } from '../domain/product-import';
import { sendCsv } from '../http/csv';
import {
  ImportRefused,
  importProducts,
  importTemplate,
} from '../services/catalogue/product-import';
import { displayName, formatBytes, fromMultipartError } from '../services/platform/uploads';

const FIELD = 'file';

export interface CsvFile {
  name: string;
  bytes: Buffer;
}

/**
 * The CSV file of the request's `file` part, held in memory up to 10 MB: the parser cuts the
 * part one byte past that, so a larger upload is refused (413) without being read further.
 */
async function readCsvPart(request: FastifyRequest): Promise<CsvFile> {
  if (!request.isMultipart()) {
    if (!request.headers['content-type'])
      throw invalid(['body', FIELD], 'Field required', 'missing');
    throw unsupportedMediaType(`Send the file as multipart/form-data in the field "${FIELD}"`);
  }
  const parts = request.parts({ limits: { fileSize: MAX_IMPORT_BYTES + 1, files: 1 } });
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== FIELD) {
        throw invalid(
          ['body', part.fieldname],
          `Unexpected file field; send the file in "${FIELD}"`,
          'extra_forbidden',
        );
      }
      const name = displayName(part.filename);
      const isCsv = /\.csv$/i.test(name) || /^text\/csv\b/i.test(part.mimetype);
      if (!isCsv) throw unsupportedMediaType(`${name} is not a CSV file (.csv)`);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_IMPORT_BYTES) {
          throw payloadTooLarge(`${name} is larger than ${formatBytes(MAX_IMPORT_BYTES)}`);
        }
        chunks.push(chunk);
      }
      return { name, bytes: Buffer.concat(chunks) };
    }
  } catch (err) {
    throw fromMultipartError(err);
  }
  throw invalid(['body', FIELD], 'Field required', 'missing');
}

/**
 * readCsvPart for a route: a request refused before its whole body was read gets its connection
 * closed rather than the rest of a (possibly 50 MB) upload left stuck in it.
 */
export async function readCsvUpload(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CsvFile> {
  try {
    return await readCsvPart(request);
  } catch (err) {
    if (!request.raw.readableEnded) reply.header('connection', 'close');
    throw err;
  }
}

export function importsHandlers(ctx: AppContext): Handlers {
  const { db } = ctx;

  return {
    importProducts: async (request, reply) => {
      const file = await readCsvUpload(request, reply);
      try {
        return await importProducts(db, {
          bytes: file.bytes,
          fileName: file.name,
          mode: request.query.mode ?? 'dry_run',
          actor: request.admin,
          now: ctx.now(),
          shopCountry: ctx.config.shopCountry,
          options: {
            pricesIncludeVat: request.query.prices_include_vat ?? true,
            createCategories: request.query.create_categories ?? false,
            fetchImages: request.query.fetch_images ?? false,
          },
        });
      } catch (err) {
        if (err instanceof ImportFileError) throw new HttpProblem(422, err.message);
        if (err instanceof ImportRefused) return refused(reply, err);
        throw err;
      }
    },

    getProductImportTemplate: async (_request, reply) =>
      sendCsv(reply, await importTemplate(db, ctx.now())),
  };
}

function refused(reply: FastifyReply, err: ImportRefused) {
  return reply.code(422).send({ detail: err.message, report: err.report });
}
