import { QUORUM_REFRESH_MS, type Quorum, SESSION_ERRORS } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { QuorumPage } from './quorum-page';

// docs/decisions/071: the projector's live quorum, read from GET /api/meetings/{id}/quorum.
const MEETING_ID = '0b5a3c1e-2d4f-4a6b-8c9d-0e1f2a3b4c5d';
const QUORUM_PATH = `/api/meetings/${MEETING_ID}/quorum`;

const quorum = (overrides: Partial<Quorum> = {}): Quorum => ({
  title: 'Annual meeting 2027',
  rollSize: 20,
  needed: 11,
  present: 5,
  online: 2,
  byProxy: 1,
  represented: 8,
  reached: false,
  ...overrides,
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API at the network boundary: each call takes the next answer, the last one repeats; every path is recorded. */
function stubApi(...answers: (() => Response)[]) {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      paths.push(new URL(input, 'http://localhost').pathname);
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (!next) throw new Error(`No answer for ${input}`);
      return next();
    }),
  );
  return paths;
}

const figure = (label: string) => within(screen.getByRole('figure', { name: label })).getByRole('paragraph');
const renderPage = () =>
  renderWithRouter(<QuorumPage />, { path: `/meetings/${MEETING_ID}/quorum`, route: '/meetings/:id/quorum' });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live quorum page', () => {
  it('shows every figure and how many more are needed, then the next answer ten seconds on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'setInterval', 'Date'] });
    stubApi(
      () => json(200, { data: quorum() }),
      () => json(200, { data: quorum({ present: 8, represented: 11, reached: true }) }),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Annual meeting 2027' });
    expect(figure('On the roll')).toHaveTextContent('20');
    expect(figure('Present')).toHaveTextContent('5');
    expect(figure('Online')).toHaveTextContent('2');
    expect(figure('By proxy')).toHaveTextContent('1');
    expect(figure('Represented')).toHaveTextContent('8');
    expect(figure('Quorum (a majority of the roll)')).toHaveTextContent('11');
    expect(screen.getByRole('status')).toHaveTextContent('3 more needed');
    expect(screen.getByText(/^Last updated \d{1,2}:\d{2}:\d{2} [AP]M/)).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(QUORUM_REFRESH_MS);
    expect(await screen.findByText('Quorum reached')).toBeInTheDocument();
    expect(figure('Present')).toHaveTextContent('8');
  });

  it('renews a session whose access token ran out, and goes on counting', async () => {
    const paths = stubApi(
      () => json(401, { error: SESSION_ERRORS.invalidToken }),
      () => json(200, { message: 'Token refreshed' }),
      () => json(200, { data: quorum() }),
    );
    renderPage();
    expect(await screen.findByText('3 more needed')).toBeInTheDocument();
    expect(paths).toEqual([QUORUM_PATH, '/api/auth/refresh', QUORUM_PATH]);
  });

  it('names a meeting that does not exist', async () => {
    stubApi(() => json(404, { error: 'Meeting not found' }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Meeting not found');
  });
});
