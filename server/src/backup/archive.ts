// A backup's archive: a gzip-compressed tar of one staging folder. No tar library is a dependency
// of the project, so Debian's GNU tar does the work (through execFile: no shell, no quoting).
// Reading an archive is defensive, since a backup may come from anywhere: only plain files and
// folders with relative names are accepted, and the listing is checked before anything is written.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Listings of archives with many uploads are long. */
const MAX_BUFFER = 256 * 1024 * 1024;

/** Writes `entries` (paths relative to `dir`, manifest first) into a .tar.gz at `file`. */
export async function createArchive(dir: string, entries: string[], file: string): Promise<void> {
  await tar(['--create', '--gzip', '--file', file, '--directory', dir, '--', ...entries]);
}

/**
 * The archive's members, refused (with why) when one is not a plain file or folder, has an
 * absolute name or climbs out with `..`.
 */
export async function listArchive(file: string): Promise<string[]> {
  // Verbose listing: the first character of each line is the member's type.
  const { stdout } = await tar(['--list', '--verbose', '--gzip', '--file', file]);
  const names: string[] = [];
  const plain = await tar(['--list', '--gzip', '--file', file]);
  const lines = stdout.split('\n').filter(Boolean);
  const plainNames = plain.stdout.split('\n').filter(Boolean);
  if (lines.length !== plainNames.length) throw new Error('The archive cannot be read');
  lines.forEach((line, i) => {
    const name = plainNames[i]!;
    const type = line[0];
    if (type !== '-' && type !== 'd') {
      throw new Error(`The archive holds "${name}", which is not a plain file or folder`);
    }
    const normal = posix.normalize(name);
    if (name.startsWith('/') || normal.startsWith('..') || normal.split('/').includes('..')) {
      throw new Error(`The archive holds "${name}", a name outside the archive`);
    }
    if (type === '-') names.push(normal.replace(/^\.\//, ''));
  });
  return names;
}

/** Extracts a listed (see listArchive) archive into the empty folder `dir`. */
export async function extractArchive(file: string, dir: string): Promise<void> {
  await tar([
    '--extract',
    '--gzip',
    '--file',
    file,
    '--directory',
    dir,
    '--no-same-owner',
    '--no-same-permissions',
    '--no-overwrite-dir',
  ]);
}

async function tar(args: string[]): Promise<{ stdout: string }> {
  try {
    return await run('tar', args, { maxBuffer: MAX_BUFFER });
  } catch (err) {
    const { stderr, code } = err as { stderr?: string; code?: unknown };
    if (code === 'ENOENT') throw new Error('GNU tar is not installed (apt-get install tar)');
    const message = (stderr ?? '').trim() || (err as Error).message;
    // tar says so itself; the callers turn it into a "disk full" answer.
    if (/No space left on device/i.test(message)) throw diskFull(message);
    throw new Error(`tar failed: ${message}`);
  }
}

/** An ENOSPC error as Node's fs raises them, so one check (isDiskFull) covers both. */
function diskFull(message: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(message);
  error.code = 'ENOSPC';
  return error;
}

export function isDiskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every plain file under `dir`, as paths relative to it with `/`; anything else is refused. */
export async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    const stats = await lstat(join(dir, relative));
    if (stats.isDirectory()) files.push(...(await filesUnder(dir, relative)));
    else if (stats.isFile()) files.push(relative);
    else throw new Error(`"${relative}" is not a plain file or folder`);
  }
  return files.sort();
}
