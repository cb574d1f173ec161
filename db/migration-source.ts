// Migrations are TypeScript files named YYYYMMDDHHMMSS_<what>.ts. Under tsx (tests,
// scripts) they load as .ts; in the compiled build (npm start, Procfile) as .js.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Knex } from 'knex';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    const files = await fs.readdir(dir);
    return files
      .filter((f) => /^\d{14}_.+\.(ts|js)$/.test(f) && !f.endsWith('.d.ts'))
      .sort();
  },
  getMigrationName(file) {
    return file.replace(/\.(ts|js)$/, '');
  },
  async getMigration(file) {
    return import(pathToFileURL(path.join(dir, file)).href);
  },
};
