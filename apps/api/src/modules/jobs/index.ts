// What other parts of the server may use of jobs (docs/decisions/034-modules-by-domain.md).
export { JOB_COMMAND_USAGE, runJobCommand } from './command';
export { jobsPlugin } from './plugin';
export { createJobs, type JobDependencies, type RegisteredJob } from './registry';
export { createJobRunner, type JobDefinition, type JobRunner } from './runner';
