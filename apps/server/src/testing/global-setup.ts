import type { TestProject } from 'vitest/node';
import { buildDbTemplates } from './db-templates';

/**
 * Before the server and security suites: the test databases' templates (db-templates.ts), on PostgreSQL when
 * DATABASE_URL is set, else on PGlite; removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const { templates, dispose } = await buildDbTemplates();
  project.provide('dbTemplates', templates);
  return dispose;
}
