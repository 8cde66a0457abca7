export { type FirstRuns, startJobs, type Job } from './runner.ts';
