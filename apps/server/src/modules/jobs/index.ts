export { startJobs } from './runner.ts';
