import type { FastifyReply } from 'fastify';
import type { CsvDownload } from '../services/platform/csv-export';

/**
 * Sends a CSV file as a download: the row count and the headers go out first; the body follows as
 * the client reads it.
 */
export function sendCsv(reply: FastifyReply, file: CsvDownload): FastifyReply {
  return reply
    .header('X-Total-Count', String(file.total))
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .type('text/csv; charset=utf-8')
    .send(file.body);
}
