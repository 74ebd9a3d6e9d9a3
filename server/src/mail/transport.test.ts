import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, createMemoryMailer, type MailMessage } from './transport';

const MESSAGE: MailMessage = {
  to: 'jane@example.tn',
  subject: 'Your sign-in link',
  text: 'Sign in: http://shop.test/auth/magic?token=abc&email=jane%40example.tn\n',
  html: '<p><a href="http://shop.test/auth/magic?token=abc&amp;email=jane%40example.tn">Sign in</a></p>',
  kind: 'Magic link',
};
const FROM = 'Store <no-reply@example.com>';

describe('outbox mailer (no SMTP_URL)', () => {
  let dir: string;
  const lines: string[] = [];
  const log = { info: (line: string) => lines.push(line) };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mail-test-'));
    lines.length = 0;
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes each message as one .eml file under DATA_DIR/outbox/ and logs one line', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir: dir }, log);
    const outbox = join(dir, 'outbox');
    await mailer.send(MESSAGE);
    const [file, ...none] = readdirSync(outbox);
    expect(none).toEqual([]);
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(lines).toEqual([`Magic link for jane@example.tn written to ${join(outbox, file!)}`]);

    const eml = readFileSync(join(outbox, file!), 'utf8');
    expect(eml).toContain('From: Store <no-reply@example.com>\n');
    expect(eml).toContain('To: jane@example.tn\n');
    expect(eml).toContain('Subject: Your sign-in link\n');
    expect(eml).toMatch(/Content-Type: multipart\/alternative;\n boundary=/);
    expect(eml).toContain(
      'Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 7bit\n\n' +
        'Sign in: http://shop.test/auth/magic?token=abc&email=jane%40example.tn\n',
    );
    expect(eml).toContain('Content-Type: text/html; charset=utf-8');
    expect(eml).toContain('<p><a href=3D"http://shop.test/auth/magic?token=3Dabc&amp;');
    expect(eml).not.toContain('\r');

    // A second message is a second file; without a kind the log line says "E-mail".
    await mailer.send({ ...MESSAGE, to: 'omar@example.tn', kind: undefined });
    const second = readdirSync(outbox).find((f) => f !== file);
    expect(second).toBeDefined();
    expect(lines[1]).toBe(`E-mail for omar@example.tn written to ${join(outbox, second!)}`);
    expect(readFileSync(join(outbox, second!), 'utf8')).toContain('To: omar@example.tn\n');
  });

  it('sends an attachment as its exact bytes, named and typed, beside the text and HTML', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir: dir }, log);
    // Every byte value, so that no re-encoding (text, line ends) can pass unnoticed.
    const content = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await mailer.send({
      ...MESSAGE,
      attachments: [{ filename: 'CN-2026-000001.pdf', content, contentType: 'application/pdf' }],
    });
    const [file] = readdirSync(join(dir, 'outbox'));
    const eml = readFileSync(join(dir, 'outbox', file!), 'utf8');
    expect(eml).toMatch(/Content-Type: multipart\/mixed;/);
    expect(eml).toContain('Content-Type: application/pdf; name=CN-2026-000001.pdf');
    expect(eml).toContain('Content-Disposition: attachment; filename=CN-2026-000001.pdf');
    const encoded = /filename=CN-2026-000001\.pdf\n\n([A-Za-z0-9+/=\n]+)\n--/.exec(eml)?.[1];
    expect(Buffer.from(encoded!.replace(/\n/g, ''), 'base64').equals(content)).toBe(true);
    expect(eml).toContain('Sign in: http://shop.test/auth/magic?token=abc');
  });

  it("keeps the outbox for the server's user: folder 0700 (a loosened one tightened), files 0600", async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir: dir }, log);
    const outbox = join(dir, 'outbox');
    const mode = (path: string) => statSync(path).mode & 0o777;
    await mailer.send(MESSAGE);
    expect(mode(outbox)).toBe(0o700);
    mkdirSync(outbox, { recursive: true });
    chmodSync(outbox, 0o755);
    await mailer.send({ ...MESSAGE, to: 'omar@example.tn' });
    expect(mode(outbox)).toBe(0o700);
    const files = readdirSync(outbox);
    expect(files).toHaveLength(2);
    expect(files.map((f) => mode(join(outbox, f)))).toEqual([0o600, 0o600]);
  });

  it('leaves no temporary file behind', async () => {
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir: dir }, log);
    await Promise.all([mailer.send(MESSAGE), mailer.send(MESSAGE), mailer.send(MESSAGE)]);
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(3);
    expect(files.filter((f) => !f.endsWith('.eml'))).toEqual([]);
  });

  it('logs a path relative to the working directory when the outbox is inside it', async () => {
    const dataRoot = join(process.cwd(), 'data');
    const created = !existsSync(dataRoot);
    mkdirSync(dataRoot, { recursive: true });
    const inside = mkdtempSync(join(dataRoot, 'mail-test-'));
    try {
      const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir: inside }, log);
      await mailer.send(MESSAGE);
      const [file] = readdirSync(join(inside, 'outbox'));
      const rel = relative(process.cwd(), join(inside, 'outbox', file!));
      expect(rel.startsWith('data/mail-test-')).toBe(true);
      expect(lines).toEqual([`Magic link for jane@example.tn written to ${rel}`]);
    } finally {
      rmSync(inside, { recursive: true, force: true });
      if (created) rmdirSync(dataRoot);
    }
  });

  it('rejects when the outbox cannot be written', async () => {
    // DATA_DIR is a file: the outbox folder cannot be created.
    const notADir = join(dir, 'file');
    writeFileSync(notADir, '');
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: FROM, dataDir: notADir }, log);
    await expect(mailer.send(MESSAGE)).rejects.toThrow();
    expect(lines).toEqual([]);
  });
});

describe('SMTP mailer (SMTP_URL set)', () => {
  let server: Server;
  let received: { from: string; to: string[]; data: string }[];

  beforeEach(async () => {
    received = [];
    // A minimal SMTP server: enough of RFC 5321 for one message per connection.
    server = createServer((socket) => {
      let buffer = '';
      let inData = false;
      let current = { from: '', to: [] as string[], data: '' };
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        for (;;) {
          if (inData) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            current.data = buffer.slice(0, end);
            buffer = buffer.slice(end + 5);
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 queued\r\n');
            continue;
          }
          const eol = buffer.indexOf('\r\n');
          if (eol < 0) return;
          const line = buffer.slice(0, eol);
          buffer = buffer.slice(eol + 2);
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
          else if (verb === 'MAIL') {
            current.from = line;
            socket.write('250 2.1.0 ok\r\n');
          } else if (verb === 'RCPT') {
            current.to.push(line);
            socket.write('250 2.1.5 ok\r\n');
          } else if (verb === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (verb === 'QUIT') {
            socket.end('221 bye\r\n');
            return;
          } else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('hands the message to the SMTP server of SMTP_URL and writes no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-test-'));
    const lines: string[] = [];
    try {
      const { port } = server.address() as AddressInfo;
      const mailer = createMailer(
        { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: FROM, dataDir: dir },
        { info: (line) => lines.push(line) },
      );
      await mailer.send(MESSAGE);
      expect(received).toHaveLength(1);
      const [mail] = received;
      expect(mail!.from).toBe('MAIL FROM:<no-reply@example.com>');
      expect(mail!.to).toEqual(['RCPT TO:<jane@example.tn>']);
      expect(mail!.data).toContain('Subject: Your sign-in link');
      expect(mail!.data).toContain('To: jane@example.tn');
      expect(existsSync(join(dir, 'outbox'))).toBe(false);
      expect(lines).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('memory mailer', () => {
  it('keeps the messages with their sender', async () => {
    const mailer = createMemoryMailer();
    await mailer.send(MESSAGE);
    expect(mailer.messages).toEqual([{ ...MESSAGE, from: FROM }]);
  });
});
