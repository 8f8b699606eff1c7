import { JOB_MESSAGES } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { ScheduledWorkPage } from './scheduled-work-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const run = (overrides: object) => ({
  id: '0b6f3c1e-0000-4000-8000-000000000001',
  scheduledFor: '2026-12-01T16:05:00.000Z',
  startedAt: '2026-12-01T16:05:01.000Z',
  finishedAt: '2026-12-01T16:05:03.000Z',
  outcome: 'succeeded',
  trigger: 'schedule',
  summary: { issued: 2, reminders: 3 },
  error: null,
  ...overrides,
});

const jobs = [
  {
    name: 'dues-daily',
    title: 'Dues of the day',
    description: 'Issues the semester statements due that day.',
    schedule: '5 0 * * *',
    scheduleText: 'Every day at 12:05 AM',
    everyProcess: false,
    nextRunAt: '2026-12-02T16:05:00.000Z',
    recentRuns: [
      run({}),
      run({
        id: '0b6f3c1e-0000-4000-8000-000000000002',
        outcome: 'failed',
        summary: null,
        error: 'The gateway is down',
      }),
    ],
  },
  {
    name: 'mail',
    title: 'Mail',
    description: 'Sends the e-mail waiting in the outbox.',
    schedule: '*/2 * * * * *',
    scheduleText: 'Every 2 seconds',
    everyProcess: true,
    nextRunAt: '2026-12-02T16:05:02.000Z',
    recentRuns: [],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('ScheduledWorkPage (docs/architecture.md "Scheduled work")', () => {
  it('lists each job with its schedule and last runs, with what they did or their error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ data: jobs })),
    );
    renderWithRouter(<ScheduledWorkPage />, { path: '/admin/scheduled-work' });
    const table = await screen.findByRole('table', { name: JOB_MESSAGES.title });
    const dues = (await within(table).findByText('Dues of the day')).closest('tr') as HTMLElement;
    expect(dues).toHaveTextContent('Every day at 12:05 AM');
    expect(dues).toHaveTextContent('Succeeded');
    expect(dues).toHaveTextContent('issued 2 · reminders 3');
    expect(dues).toHaveTextContent('Failed');
    expect(dues).toHaveTextContent('The gateway is down');
    const mail = within(table).getByText('Mail').closest('tr') as HTMLElement;
    expect(mail).toHaveTextContent(JOB_MESSAGES.everyProcess);
  });

  it('"Run now" starts the job and the list follows its run', async () => {
    let started = false;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        started = true;
        return json(
          { data: run({ outcome: 'running', trigger: 'admin', finishedAt: null, summary: null }) },
          202,
        );
      }
      const [dues, mail] = jobs;
      return json({
        data: started
          ? [
              {
                ...dues,
                recentRuns: [run({ id: 'new', outcome: 'running', trigger: 'admin', summary: null })],
              },
              mail,
            ]
          : jobs,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithRouter(<ScheduledWorkPage />, { path: '/admin/scheduled-work' });
    const buttons = await screen.findAllByRole('button', { name: `${JOB_MESSAGES.runNow}: Dues of the day` });
    await userEvent.click(buttons[0] as HTMLElement);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/jobs/dues-daily/run',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(await screen.findByText(JOB_MESSAGES.started('Dues of the day'))).toBeInTheDocument();
    expect((await screen.findAllByText('Running')).length).toBeGreaterThan(0);
    for (const button of screen.getAllByRole('button', { name: `${JOB_MESSAGES.runNow}: Dues of the day` })) {
      expect(button).toBeDisabled();
    }
  });

  it('shows the refusal when a run is going already', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? json({ error: JOB_MESSAGES.alreadyRunning, code: 'job_running' }, 409)
          : json({ data: jobs }),
      ),
    );
    renderWithRouter(<ScheduledWorkPage />, { path: '/admin/scheduled-work' });
    const buttons = await screen.findAllByRole('button', { name: `${JOB_MESSAGES.runNow}: Mail` });
    await userEvent.click(buttons[0] as HTMLElement);
    expect(await screen.findByText(JOB_MESSAGES.alreadyRunning)).toBeInTheDocument();
  });
});
