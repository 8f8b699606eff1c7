import { parseArgs } from 'node:util';
import { addToDate, isCalendarDate, startOfManilaDay } from '@portal/shared';
import { createJobs, type JobDependencies, type RegisteredJob } from './registry';
import { createJobRunner, cronOf, type JobSummary } from './runner';

export const JOB_COMMAND_USAGE = `Usage: npm run job -- NAME [--date YYYY-MM-DD] [--dry-run]
       npm run job -- --list`;

/** The job's first scheduled time on the Manila day `date`, or the day's start if it has none that day. */
export function scheduledTimeOn(job: Pick<RegisteredJob, 'schedule'>, date: string): Date {
  const start = startOfManilaDay(date);
  if (job.schedule === null) return start;
  const first = cronOf(job.schedule).nextRun(new Date(start.getTime() - 1));
  return first && first < startOfManilaDay(addToDate(date, { days: 1 })) ? first : start;
}

/** "issued 2, reminders 3", then one line per listed value (a dry run's recipients). */
export function describeSummary(summary: JobSummary | null | undefined): string[] {
  const entries = Object.entries(summary ?? {});
  const counts = entries
    .filter(([, value]) => !Array.isArray(value))
    .map(([key, value]) => `${key} ${value}`);
  const lists = entries.flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((item) => `  ${key}: ${String(item)}`) : [],
  );
  return [counts.length > 0 ? counts.join(', ') : 'nothing to report', ...lists];
}

/**
 * `npm run job -- …` (cli.ts `job`): lists the jobs, or runs one as the schedule would, recorded
 * as a command's run; `--date` runs it as if it were that day's scheduled time, `--dry-run` reads
 * what it would do and writes nothing. Answers the exit code.
 */
export async function runJobCommand(
  args: string[],
  deps: JobDependencies,
  print: (line: string) => void,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { date: { type: 'string' }, 'dry-run': { type: 'boolean' }, list: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  const jobs = createJobs(deps);
  if (values.list) {
    const width = Math.max(...jobs.map((job) => job.name.length));
    for (const job of jobs) {
      print(
        `${job.name.padEnd(width)}  ${(job.schedule ?? 'by hand').padEnd(14)}  ${job.scheduleText}: ${job.description}`,
      );
    }
    return 0;
  }
  const [name, ...extra] = positionals;
  if (!name || extra.length > 0) {
    print(JOB_COMMAND_USAGE);
    return 1;
  }
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) {
    print(`No job named ${name}. The jobs: ${jobs.map((candidate) => candidate.name).join(', ')}.`);
    return 1;
  }
  if (values.date !== undefined && !isCalendarDate(values.date)) {
    print(`--date must be a day written YYYY-MM-DD, not ${values.date}`);
    return 1;
  }
  const date = values.date === undefined ? undefined : scheduledTimeOn(job, values.date);

  if (values['dry-run']) {
    if (!job.canDryRun) {
      print(`${name} has no dry run: it writes as it goes. Nothing was done.`);
      return 1;
    }
    const summary = await job.run(date ?? new Date(), {
      dryRun: true,
      signal: new AbortController().signal,
      progress: async () => {},
    });
    const [first, ...rest] = describeSummary(summary);
    print(`${name} (dry run, nothing written): ${first}`);
    for (const line of rest) print(line);
    return 0;
  }

  const runner = createJobRunner({
    db: deps.db,
    jobs,
    logger: { info: () => {}, error: (details) => print(`error: ${JSON.stringify(details)}`) },
  });
  const started = await runner.startByHand(name, 'command', date);
  if (!started) throw new Error('The job runner was stopped');
  const run = await started.finished;
  const [first, ...rest] = run.error ? [run.error] : describeSummary(run.summary);
  print(`${name} at ${run.scheduledFor.toISOString()}: ${run.outcome.toUpperCase()}: ${first}`);
  for (const line of rest) print(line);
  return run.outcome === 'succeeded' ? 0 : 1;
}
