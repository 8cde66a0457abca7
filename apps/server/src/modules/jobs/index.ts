export { startJobs, type Job } from './runner.ts';
