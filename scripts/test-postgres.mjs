// Runs the integration suite again on a real PostgreSQL server, or says clearly why it is skipped.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function answers() {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

if (!(await answers())) {
  console.log(`SKIPPED: integration tests on PostgreSQL — no server answers at ${url.replace(/\/\/[^@]*@/, '//')}`);
  process.exit(0);
}
console.log(`Integration tests on PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//')}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'integration', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
