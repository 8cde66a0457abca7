export { appliedMigrations, databaseAnswers, type Migrations, migrationsPending, shippedMigrations } from './migrations.ts';
