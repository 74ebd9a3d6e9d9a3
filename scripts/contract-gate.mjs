#!/usr/bin/env node
// The breaking-change gate of the contract (#31). `openapi/released/openapi.json` is the contract
// as last released (bundled, as generated/openapi.json is); `info.version` is semantic. A change
// that can break a client written against the released contract (a response field removed, a
// request field now required, a tighter bound, an operation removed, a value added to a response's
// enum…) needs a new major version; api-smart-diff classifies each change (its rules, not ours:
// one well-kept classifier rather than a hand-written one).
//
//   node scripts/contract-gate.mjs check    compares generated/openapi.json with the release; fails
//                                           on a breaking change unless the major version was raised
//   node scripts/contract-gate.mjs release  records generated/openapi.json as released and adds its
//                                           changes to CHANGELOG-API.md (info.version raised first)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCompare } from 'api-smart-diff';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const RELEASED = join(root, 'openapi', 'released', 'openapi.json');
export const CURRENT = join(root, 'generated', 'openapi.json');
export const CHANGELOG = join(root, 'CHANGELOG-API.md');

/** A version as numbers, or null when it is not `major.minor.patch`. */
export function parseVersion(text) {
  const match = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(String(text));
  return match ? match.slice(1, 4).map(Number) : null;
}

function compareVersions(a, b) {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * The changes from `before` to `after`, as a client sees them: one per change under `paths` (the
 * classifier resolves every $ref there, so a schema's change shows in each operation that uses
 * it, with a sentence saying where), and the changes of the document's other parts but its
 * components (which only matter through the operations that use them) and its version.
 */
export function contractChanges(before, after) {
  // The classifier annotates the documents it reads: give it copies.
  const { diffs } = apiCompare(structuredClone(before), structuredClone(after));
  return diffs
    .filter((d) => d.path[0] !== 'components' && !(d.path[0] === 'info' && d.path[1] === 'version'))
    .map((d) => ({
      type: openEnumAddition(d) ? 'non-breaking' : d.type,
      action: d.action,
      path: d.path.join('/'),
      operation:
        d.path[0] === 'paths' ? `${String(d.path[2] ?? '').toUpperCase()} ${d.path[1]}` : '',
      description: d.description ?? `${d.action} ${d.path.join('/')}`,
    }));
}

/**
 * Our one amendment to the classifier: a value added to an enum of a response (a new order
 * status, permission or audit entity) is a minor change, as the contract's conventions say
 * clients must accept values they do not know (Stripe's and GitHub's rule too); otherwise every
 * new permission would be a new major version. Removing one, or adding one to a request's
 * enum the other way round, is still the classifier's call.
 */
function openEnumAddition(d) {
  const at = d.path.indexOf('enum');
  return d.action === 'add' && at > 0 && at === d.path.length - 2 && d.path.includes('responses');
}

/**
 * The gate's verdict: null when `after` may be published as its info.version after `before`,
 * else the reason, naming every breaking change.
 */
export function gateProblem(before, after, changes = contractChanges(before, after)) {
  const released = parseVersion(before.info?.version);
  const current = parseVersion(after.info?.version);
  if (!current)
    return `info.version "${after.info?.version}" is not a semantic version (major.minor.patch)`;
  if (!released)
    return `the released info.version "${before.info?.version}" is not a semantic version`;
  if (compareVersions(current, released) < 0) {
    return `info.version ${after.info.version} is older than the released ${before.info.version}`;
  }
  const breaking = changes.filter((c) => c.type === 'breaking');
  if (breaking.length === 0 || current[0] > released[0]) return null;
  const lines = breaking.map((c) => `  - ${c.operation ? `${c.operation}: ` : ''}${c.description}`);
  return [
    `${breaking.length} breaking change(s) against the released contract ${before.info.version}:`,
    ...unique(lines),
    `Undo them, or raise info.version in openapi/openapi.yaml to ${released[0] + 1}.0.0 (a new major version).`,
  ].join('\n');
}

const unique = (lines) => [...new Set(lines)];

const HEADINGS = [
  ['breaking', 'Breaking'],
  ['deprecated', 'Deprecated'],
  ['non-breaking', 'Added and changed'],
  ['unclassified', 'Other changes'],
  ['annotation', 'Documentation'],
];

/** A version's section of CHANGELOG-API.md: its changes by kind, operation by operation. */
export function changelogSection(version, day, changes) {
  const parts = [`## ${version} — ${day}`, ''];
  if (changes.length === 0) parts.push('No change to the operations.', '');
  for (const [type, heading] of HEADINGS) {
    const lines = unique(
      changes
        .filter((c) => c.type === type)
        .map((c) => `- ${c.operation ? `\`${c.operation}\`: ` : ''}${c.description}`),
    );
    if (lines.length > 0) parts.push(`### ${heading}`, '', ...lines, '');
  }
  return parts.join('\n');
}

const CHANGELOG_HEAD = `# Changes of the API contract

Written by \`npm run contract:release\` from the difference between each released contract and the
one before it (\`openapi/released/openapi.json\` is the last; api-smart-diff classifies each change).
A breaking change raises the major version; \`npm run contract:check\`, part of \`npm test\`, refuses
one otherwise.
`;

/** Adds the section above the previous ones (the newest first). */
export function withSection(changelog, section) {
  const body = changelog.startsWith(CHANGELOG_HEAD) ? changelog.slice(CHANGELOG_HEAD.length) : '';
  return `${CHANGELOG_HEAD}\n${section}${body.replace(/^\n*/, '\n')}`.replace(/\n+$/, '\n');
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

function main(command) {
  const released = readJson(RELEASED);
  const current = readJson(CURRENT);
  const changes = contractChanges(released, current);
  const problem = gateProblem(released, current, changes);
  if (problem) {
    console.error(`contract: ${problem}`);
    return 1;
  }
  if (command === 'check') {
    const counts = Object.fromEntries(HEADINGS.map(([type]) => [type, 0]));
    for (const c of changes) counts[c.type] += 1;
    console.log(
      `contract: ${current.info.version} against the released ${released.info.version}: ` +
        `${changes.length} change(s) (${HEADINGS.map(([t]) => `${counts[t]} ${t}`).join(', ')})`,
    );
    return 0;
  }
  if (command === 'release') {
    if (current.info.version === released.info.version) {
      console.error(
        `contract: raise info.version above the released ${released.info.version} first`,
      );
      return 1;
    }
    const day = new Date().toISOString().slice(0, 10);
    let changelog = '';
    try {
      changelog = readFileSync(CHANGELOG, 'utf8');
    } catch {
      // the first release writes the file
    }
    writeFileSync(
      CHANGELOG,
      withSection(changelog, changelogSection(current.info.version, day, changes)),
    );
    writeFileSync(RELEASED, `${JSON.stringify(current, null, 2)}\n`);
    console.log(`contract: released ${current.info.version} (${changes.length} change(s))`);
    return 0;
  }
  console.error('usage: node scripts/contract-gate.mjs check|release');
  return 2;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main(process.argv[2]));
