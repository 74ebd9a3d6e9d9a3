// A fake VIES REST service on 127.0.0.1 (VIES_URL): each test file says what it answers to a
// number; every request is recorded as { countryCode, vatNumber }.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ViesQuestion {
  countryCode: string;
  vatNumber: string;
}

/** Answers with `status` and `json`; `later(ms, ...)` answers after `ms` (an answer too late). */
export interface ViesReply {
  (status: number, json: object): void;
  later(ms: number, status: number, json: object): void;
}

export interface FakeVies {
  url: string;
  requests: ViesQuestion[];
  close(): Promise<void>;
}

export async function startFakeVies(
  answer: (question: ViesQuestion, reply: ViesReply) => void,
): Promise<FakeVies> {
  const requests: ViesQuestion[] = [];
  const send = (res: ServerResponse, status: number, json: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(json));
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const question = JSON.parse(raw) as ViesQuestion;
      requests.push(question);
      if (req.method !== 'POST' || req.url !== '/check-vat-number') return send(res, 404, {});
      const reply = ((status: number, json: object) => send(res, status, json)) as ViesReply;
      reply.later = (ms, status, json) => {
        setTimeout(() => send(res, status, json), ms).unref();
      };
      answer(question, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/check-vat-number`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
