import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { newEmbeddedClient, openDatabase } from '../src/db/client.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * style.md: migrate and seed once into a template, give each test file its own copy.
 * PGlite: a dumped data directory each file loads; PostgreSQL (TEST_DATABASE_URL): a template database.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-template-'));
  const file = path.join(dir, 'template.tar.gz');
  const client = newEmbeddedClient();
  const database = await openDatabase({ pglite: client });
  await seedDatabase(database.db, { demo: true });
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);

  let templateName: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    templateName = `farha_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${templateName}`;
    const pgDb = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
    await seedDatabase(pgDb.db, { demo: true });
    await pgDb.close();
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${templateName}`);
      await admin.end();
    }
  };
}
