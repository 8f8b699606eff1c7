import {
  formatDateTime,
  JOB_MESSAGES,
  JOB_OUTCOME_LABELS,
  JOB_TRIGGER_LABELS,
  type Job,
  type JobRun,
  type JobRunOutcome,
} from '@portal/shared';
import { type Column, DataTable } from '@/components/admin-list/data-table';
import { useNotice } from '@/components/admin-list/use-notice';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { ApiError } from '@/lib/api-client';
import { useJobs, useRunJob } from './api/jobs';

const outcomeTones: Record<JobRunOutcome, StatusTone> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  interrupted: 'yellow',
};

/** "job runs" for `jobRuns`: the summary's keys are the job's own names for its counts. */
const words = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * "issued 3 · reminders 1": what a finished run reported, zero counts left out ("Nothing to do"
 * when all are), a dry run's lists too.
 */
const summaryText = (run: JobRun) => {
  if (run.outcome === 'running') return '';
  const parts = Object.entries(run.summary ?? {})
    .filter(([, value]) => (typeof value === 'number' && value !== 0) || typeof value === 'string')
    .map(([key, value]) => `${words(key)} ${value}`);
  return parts.length > 0 ? parts.join(' · ') : JOB_MESSAGES.nothingToDo;
};

function RunLine({ run }: { run: JobRun }) {
  const detail = run.error ?? summaryText(run);
  return (
    <li className="flex flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={outcomeTones[run.outcome]} asWritten>
          {JOB_OUTCOME_LABELS[run.outcome]}
        </StatusBadge>
        <span className="whitespace-nowrap text-stone-700 text-xs">{formatDateTime(run.startedAt)}</span>
        <span className="text-stone-500 text-xs">{JOB_TRIGGER_LABELS[run.trigger]}</span>
      </span>
      {detail && (
        <span className={`break-words text-xs ${run.error ? 'text-red-700' : 'text-stone-600'}`}>
          {detail}
        </span>
      )}
    </li>
  );
}

const columns: Column<Job>[] = [
  {
    header: 'Job',
    phone: 'heading',
    className: 'min-w-56 max-w-80',
    cell: (job) => (
      <div>
        <p className="font-semibold text-stone-900">{job.title}</p>
        <p className="text-stone-600 text-xs">{job.description}</p>
      </div>
    ),
  },
  {
    header: 'Schedule',
    className: 'min-w-44',
    cell: (job) => (
      <div className="text-sm">
        <p>{job.scheduleText}</p>
        {job.nextRunAt && !job.everyProcess && (
          <p className="text-stone-600 text-xs">
            {JOB_MESSAGES.nextRun}: {formatDateTime(job.nextRunAt)}
          </p>
        )}
      </div>
    ),
  },
  {
    header: JOB_MESSAGES.lastRuns,
    className: 'min-w-64',
    cell: (job) =>
      job.recentRuns.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {job.recentRuns.map((run) => (
            <RunLine key={run.id} run={run} />
          ))}
        </ul>
      ) : (
        <p className="text-stone-600 text-xs">
          {job.everyProcess ? JOB_MESSAGES.everyProcess : JOB_MESSAGES.noRuns}
        </p>
      ),
  },
];

/**
 * /admin/scheduled-work (docs/architecture.md "Scheduled work"): each job the server runs on a
 * clock, its schedule and next run, its last runs with what they did or their error, and "Run
 * now", whose run the page follows until it ends.
 */
export function ScheduledWorkPage() {
  const jobs = useJobs();
  const runJob = useRunJob();
  const notice = useNotice();

  const runNow = (job: Job) =>
    runJob.mutate(job.name, {
      onSuccess: () => notice.confirm(JOB_MESSAGES.started(job.title)),
      onError: (error) => notice.failure(error instanceof ApiError ? error.error : JOB_MESSAGES.loadFailed),
    });

  return (
    <>
      <AdminPageHeader title={JOB_MESSAGES.title} description={JOB_MESSAGES.intro} />
      <section
        aria-label={JOB_MESSAGES.title}
        className="rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <DataTable
          label={JOB_MESSAGES.title}
          columns={columns}
          rows={jobs.isError ? [] : jobs.data}
          rowKey={(job) => job.name}
          isLoading={jobs.isPending}
          skeletonRows={5}
          emptyText={jobs.isError ? JOB_MESSAGES.loadFailed : JOB_MESSAGES.noRuns}
          actions={(job) => {
            const busy =
              (runJob.isPending && runJob.variables === job.name) ||
              job.recentRuns.some((run) => run.outcome === 'running');
            return (
              <button
                type="button"
                className={buttonClasses({
                  variant: 'secondary',
                  size: 'sm',
                  className: 'whitespace-nowrap',
                })}
                disabled={busy}
                aria-label={`${JOB_MESSAGES.runNow}: ${job.title}`}
                onClick={() => runNow(job)}
              >
                {busy ? JOB_MESSAGES.running : JOB_MESSAGES.runNow}
              </button>
            );
          }}
        />
      </section>
      {notice.element}
    </>
  );
}
