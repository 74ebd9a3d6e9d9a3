// globalSetup of the server test projects (vite.config.ts): migrates this run's database
// templates once, before any test file runs, hands their places to the tests (inject) and
// deletes them after the run. See database-templates.ts.
import type { TestProject } from 'vitest/node';
import type { DialectName } from '../src/db/database';
import { buildTemplates, testDialects } from './database-templates';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // SQLite's too when TEST_DIALECTS leaves it out: a few tests open SQLite whatever the run's
  // databases are, and its template takes a tenth of a second.
  const dialects = new Set<DialectName>(['sqlite', ...testDialects]);
  const { templates, remove } = await buildTemplates([...dialects]);
  project.provide('testDatabaseTemplates', templates);
  return remove;
}
