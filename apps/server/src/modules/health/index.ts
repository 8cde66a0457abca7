export { healthRoutes } from './routes.ts';
export { appliedMigrations, databaseAnswers, type Migrations, migrationsPending, shippedMigrations } from './migrations.ts';
