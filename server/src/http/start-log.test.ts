// A start that says nothing it need not: the contract's file types (a backup's application/gzip
// among them) are known to the server, so fastify-openapi-glue has nothing to warn about, and an
// operator reading the log of `npm start` sees no warning that is not theirs to act on.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/app';

describe('the server start', () => {
  it('logs no warning or error', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    const t = await createTestApp('sqlite', { logger: { level: 'info', stream } });
    try {
      await t.app.ready();
      expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
