import { DATA_EXPORT_MESSAGES, type DataExport } from '@portal/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { json } from '../test-fixtures';
import { DataExportSection } from './data-export-section';

type Call = { url: string; method: string };

function stubApi(handler: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url: String(url), method: init?.method ?? 'GET' };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const exportOf = (fields: Partial<DataExport>): DataExport => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  status: 'queued',
  requestedAt: '2026-12-03T02:00:00.000Z',
  finishedAt: null,
  expiresAt: null,
  byteSize: null,
  ...fields,
});

describe('DataExportSection (docs/product-rules.md "Privacy")', () => {
  it('asks for the data, says it is being prepared and e-mailed, and shows the link once ready', async () => {
    const user = userEvent.setup();
    let latest: DataExport | null = null;
    const calls = stubApi((call) => {
      if (call.method === 'POST') {
        latest = exportOf({ status: 'queued' });
        return json({ data: latest }, 202);
      }
      return json({ data: latest });
    });
    renderWithRouter(<DataExportSection onFailed={() => {}} />);

    const button = await screen.findByRole('button', { name: DATA_EXPORT_MESSAGES.button });
    expect(screen.getByText(DATA_EXPORT_MESSAGES.intro)).toBeVisible();
    await user.click(button);
    expect(await screen.findByText(DATA_EXPORT_MESSAGES.requested)).toBeVisible();
    expect(screen.getByText(DATA_EXPORT_MESSAGES.preparing)).toBeVisible();
    // One export at a time: the button waits while it is built.
    expect(button).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);

    // Built meanwhile: the next look shows until when the link works.
    latest = exportOf({
      status: 'ready',
      finishedAt: '2026-12-03T02:01:00.000Z',
      expiresAt: '2026-12-10T02:01:00.000Z',
      byteSize: 123_456,
    });
    expect(await screen.findByText(DATA_EXPORT_MESSAGES.readyUntil('December 10, 2026'))).toBeVisible();
    expect(screen.getByRole('button', { name: DATA_EXPORT_MESSAGES.downloadLink })).toBeEnabled();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('says when the last export failed or expired, and lets the person ask again', async () => {
    stubApi(() => json({ data: exportOf({ status: 'failed', finishedAt: '2026-12-03T02:01:00.000Z' }) }));
    const { unmount } = renderWithRouter(<DataExportSection onFailed={() => {}} />);
    expect(await screen.findByText(DATA_EXPORT_MESSAGES.failed)).toBeVisible();
    expect(screen.getByRole('button', { name: DATA_EXPORT_MESSAGES.button })).toBeEnabled();
    unmount();

    stubApi(() => json({ data: exportOf({ status: 'expired', expiresAt: '2026-11-01T00:00:00.000Z' }) }));
    renderWithRouter(<DataExportSection onFailed={() => {}} />);
    expect(await screen.findByText(DATA_EXPORT_MESSAGES.expiredHint)).toBeVisible();
  });

  it('reports a request that could not be sent', async () => {
    const user = userEvent.setup();
    const onFailed = vi.fn();
    stubApi((call) =>
      call.method === 'POST' ? json({ error: 'Service unavailable' }, 503) : json({ data: null }),
    );
    renderWithRouter(<DataExportSection onFailed={onFailed} />);
    await user.click(await screen.findByRole('button', { name: DATA_EXPORT_MESSAGES.button }));
    await waitFor(() => expect(onFailed).toHaveBeenCalledWith(DATA_EXPORT_MESSAGES.askFailed));
  });
});
