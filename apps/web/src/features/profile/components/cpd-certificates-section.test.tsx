import { CPD_MESSAGES, DEFAULT_EVALUATION_QUESTIONS } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render';
import { CpdCertificatesSection } from './cpd-certificates-section';

type Call = { url: string; method: string; body: unknown };
function stubApi(handler: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url: String(url),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      return handler(call) ?? json({ error: 'Not found' }, 404);
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

const EVENT_ID = '7b0f3c36-8a3c-4f0f-9d71-3c1a1b2c3d4e';
const seminar = {
  event_id: EVENT_ID,
  title: 'CPD Seminar: Epithermal Gold',
  start_date: '2026-11-13',
  end_date: '2026-11-13',
  checked_in: true,
  evaluation_submitted: false,
  certificate: null,
};

function api({ submitted = false } = {}) {
  return stubApi((call) => {
    if (call.url.endsWith('/cpd/my-events'))
      return json({ data: [submitted ? { ...seminar, evaluation_submitted: true } : seminar] });
    if (call.url.endsWith('/cpd/prc-details'))
      return json({ data: { details: null, suggested_prc_number: '0012345' } });
    if (call.url.endsWith('/evaluation') && call.method === 'GET')
      return json({
        data: {
          event: { id: EVENT_ID, title: seminar.title },
          questions: DEFAULT_EVALUATION_QUESTIONS,
          submitted,
        },
      });
    if (call.url.endsWith('/evaluation') && call.method === 'POST')
      return new Response(null, { status: 201 });
    return undefined;
  });
}

describe('CpdCertificatesSection (docs/product-rules.md "CPD certificates")', () => {
  it('starts the PRC number from the professional tier and refuses a number that is not 7 digits', async () => {
    const user = userEvent.setup();
    const calls = api();
    renderWithRouter(<CpdCertificatesSection notify={() => {}} />);
    const number = await screen.findByLabelText('PRC licence number *');
    expect(number).toHaveValue('0012345');
    await user.clear(number);
    await user.type(number, '12345');
    await user.type(screen.getByLabelText('Name as on the PRC ID *'), 'Ana M. Reyes');
    await user.type(screen.getByLabelText('Profession *'), 'Geologist');
    await user.click(screen.getByRole('button', { name: 'Save PRC details' }));
    expect(await screen.findByText(CPD_MESSAGES.prcNumberFormat)).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('keeps the PRC form behind a button for an account with no certified event or PRC number', async () => {
    const user = userEvent.setup();
    stubApi((call) => {
      if (call.url.endsWith('/cpd/my-events')) return json({ data: [] });
      if (call.url.endsWith('/cpd/prc-details'))
        return json({ data: { details: null, suggested_prc_number: null } });
      return undefined;
    });
    renderWithRouter(<CpdCertificatesSection notify={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Enter PRC details' }));
    expect(screen.getByLabelText('PRC licence number *')).toHaveValue('');
  });

  it('asks a rating for every question, then sends the evaluation once', async () => {
    const user = userEvent.setup();
    const notify = vi.fn();
    const calls = api();
    renderWithRouter(<CpdCertificatesSection notify={notify} />);
    await user.click(await screen.findByRole('button', { name: CPD_MESSAGES.answerEvaluation }));
    const dialog = await screen.findByRole('dialog', { name: 'Evaluation' });
    await within(dialog).findByText(`${DEFAULT_EVALUATION_QUESTIONS[0]?.prompt} *`);
    await user.click(within(dialog).getByRole('button', { name: 'Send evaluation' }));
    expect(within(dialog).getAllByText(CPD_MESSAGES.ratingRequired)).toHaveLength(5);

    for (const group of within(dialog).getAllByRole('group')) {
      await user.click(within(group).getByLabelText('4'));
    }
    await user.type(within(dialog).getByLabelText('Comments and suggestions'), 'Good field notes.');
    await user.click(within(dialog).getByRole('button', { name: 'Send evaluation' }));
    await waitFor(() => expect(notify).toHaveBeenCalledOnce());
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toEqual({
      answers: {
        objectives: 4,
        content: 4,
        speakers: 4,
        venue: 4,
        overall: 4,
        comments: 'Good field notes.',
      },
    });
  });

  it('offers the download once the certificate is issued', async () => {
    stubApi((call) => {
      if (call.url.endsWith('/cpd/my-events'))
        return json({
          data: [
            {
              ...seminar,
              evaluation_submitted: true,
              certificate: { number: 'CPD-2026-00001', units: '7.5', verify_code: 'q3Z8wJtq2v0YkL7nX1c9bA' },
            },
          ],
        });
      if (call.url.endsWith('/cpd/prc-details'))
        return json({ data: { details: null, suggested_prc_number: null } });
      return undefined;
    });
    renderWithRouter(<CpdCertificatesSection notify={() => {}} />);
    expect(await screen.findByRole('button', { name: CPD_MESSAGES.downloadCertificate })).toBeEnabled();
    expect(screen.getByText(/7\.5 CPD units · CPD-2026-00001/)).toBeVisible();
    expect(screen.queryByRole('button', { name: CPD_MESSAGES.answerEvaluation })).toBeNull();
  });
});
