import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  changelogSection,
  contractChanges,
  CURRENT,
  gateProblem,
  parseVersion,
  RELEASED,
  withSection,
} from './contract-gate.mjs';

// The breaking-change gate (npm run contract:check, #31) on the real contract, cut to the products
// list and creation (the classifier reads every operation: the whole document takes seconds) and
// changed as a careless edit would change it.
type Doc = {
  info: { version: string };
  paths: Record<string, unknown>;
  components: { schemas: Record<string, Schema> };
};
type Schema = { required?: string[]; properties?: Record<string, Schema>; maxLength?: number };

const full = JSON.parse(readFileSync(RELEASED, 'utf8')) as Doc;
const PRODUCTS = '/api/v1/admin/products/';

function released(): Doc {
  const doc = structuredClone(full);
  doc.info.version = '1.4.2';
  doc.paths = { [PRODUCTS]: doc.paths[PRODUCTS] };
  return doc;
}

function schema(doc: Doc, name: string): Schema {
  const found = doc.components.schemas[name];
  if (!found) throw new Error(`no schema ${name}`);
  return found;
}

/** The released contract changed by `edit`, published as `version`. */
function edited(version: string, edit: (doc: Doc) => void): [Doc, Doc] {
  const before = released();
  const after = released();
  after.info.version = version;
  edit(after);
  return [before, after];
}

const withoutResponseField = (doc: Doc) => {
  const product = schema(doc, 'Product');
  delete product.properties?.brand;
  product.required = product.required?.filter((name) => name !== 'brand');
};
const withNewRequiredField = (doc: Doc) => {
  const create = schema(doc, 'ProductCreate');
  create.required = [...(create.required ?? []), 'brand'];
};
const withTighterBound = (doc: Doc) => {
  const name = schema(doc, 'ProductCreate').properties?.name;
  if (!name) throw new Error('no name');
  name.maxLength = 20;
};

describe('the gate refuses a breaking change in the same major version', () => {
  it.each([
    ['a removed response field', withoutResponseField, /GET \/api\/v1\/admin\/products\/:.*brand/],
    [
      'a new required request field',
      withNewRequiredField,
      /POST \/api\/v1\/admin\/products\/:.*brand/,
    ],
    ['a tighter bound', withTighterBound, /POST \/api\/v1\/admin\/products\/:.*maxLength.*name/],
  ])('%s', (_, edit, line) => {
    const [before, after] = edited('1.5.0', edit);
    const problem = gateProblem(before, after);
    expect(problem).toMatch(/^\d+ breaking change\(s\) against the released contract 1\.4\.2:/);
    expect(problem).toMatch(line);
    expect(problem).toMatch(/raise info\.version in openapi\/openapi\.yaml to 2\.0\.0/);
  });

  it('accepts the same change under a new major version', () => {
    const [before, after] = edited('2.0.0', withNewRequiredField);
    expect(contractChanges(before, after).some((c) => c.type === 'breaking')).toBe(true);
    expect(gateProblem(before, after)).toBeNull();
  });

  it('accepts an added optional request field and a looser bound in a minor version', () => {
    const [before, after] = edited('1.5.0', (doc) => {
      const create = schema(doc, 'ProductCreate');
      create.properties = { ...create.properties, origin: { maxLength: 64 } };
      const name = create.properties.name;
      if (name?.maxLength) name.maxLength += 100;
    });
    const changes = contractChanges(before, after);
    expect(changes.filter((c) => c.type === 'breaking')).toEqual([]);
    expect(changes.length).toBeGreaterThan(0);
    expect(gateProblem(before, after)).toBeNull();
  });

  it('takes a value added to an enum of a response as minor, one removed as breaking', () => {
    const withStatus = (change: (values: string[]) => string[]) => (doc: Doc) => {
      const status = schema(doc, 'ProductStockState') as { enum?: string[] };
      if (!status.enum) throw new Error('no ProductStockState enum');
      status.enum = change(status.enum);
    };
    const [before, added] = edited(
      '1.5.0',
      withStatus((values) => [...values, 'discontinued']),
    );
    expect(contractChanges(before, added).map((c) => c.type)).toContain('non-breaking');
    expect(gateProblem(before, added)).toBeNull();
    const [, removed] = edited(
      '1.5.0',
      withStatus((values) => values.slice(1)),
    );
    expect(gateProblem(before, removed)).toMatch(/breaking change/);
  });

  it('refuses a version that is not semantic or older than the release', () => {
    expect(gateProblem(...edited('1.5', () => {}))).toBe(
      'info.version "1.5" is not a semantic version (major.minor.patch)',
    );
    expect(gateProblem(...edited('1.4.1', () => {}))).toBe(
      'info.version 1.4.1 is older than the released 1.4.2',
    );
  });
});

it('writes a version of the changelog by kind, the newest first', () => {
  const [before, after] = edited('2.0.0', withNewRequiredField);
  const section = changelogSection('2.0.0', '2026-11-30', contractChanges(before, after));
  expect(section.split('\n').slice(0, 3)).toEqual(['## 2.0.0 — 2026-11-30', '', '### Breaking']);
  expect(section).toContain('- `POST /api/v1/admin/products/`: ');
  const first = withSection('', '## 1.0.0 — 2026-11-01\n\nNo change to the operations.\n');
  const both = withSection(first, section);
  expect(both.indexOf('## 2.0.0')).toBeLessThan(both.indexOf('## 1.0.0'));
  expect(both.startsWith('# Changes of the API contract\n')).toBe(true);
});

it('reads the version of the contract and of its release as semantic versions', () => {
  const current = JSON.parse(readFileSync(CURRENT, 'utf8')) as Doc;
  expect(parseVersion(current.info.version)).not.toBeNull();
  expect(parseVersion(full.info.version)).not.toBeNull();
  expect(parseVersion('01.2.3')).toBeNull();
});
