import { API_TIMEOUT_MS } from '@portal/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildApiUrl } from './api-client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('buildApiUrl', () => {
  it('prefixes /api and leaves out empty query values', () => {
    expect(
      buildApiUrl('/news/get-news', { limit: 3, status: 'published', search: '', author: undefined }),
    ).toBe('/api/news/get-news?limit=3&status=published');
    expect(buildApiUrl('events/retrieve-events')).toBe('/api/events/retrieve-events');
  });
});

describe('apiRequest', () => {
  it('sends cookies and JSON, and returns the parsed body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json({ data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiRequest('/auth/login', { method: 'POST', body: { email: 'a@b.ph' } })).resolves.toEqual({
      data: { ok: true },
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"email":"a@b.ph"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends FormData as is, letting the browser set the multipart boundary', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json({}));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.set('title', 'Hello');

    await apiRequest('/news/admin/create-news', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it("throws an ApiError carrying the server's error, message and code", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          json({ error: 'Event not found', message: 'No such event', code: 'not_found' }, 404),
        ),
    );

    const error = await apiRequest('/events/retrieve-events/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      error: 'Event not found',
      message: 'No such event',
      code: 'not_found',
    });
  });

  it('falls back to the status text when the error body is not the API shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );

    await expect(apiRequest('/news/get-news')).rejects.toMatchObject({ status: 502, error: 'Bad Gateway' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(apiRequest('/news/get-news')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('gives up after the 20 s timeout of spec 000 §9', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );

    const pending = apiRequest('/news/get-news').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    vi.advanceTimersByTime(1);
    expect(await pending).toMatchObject({ status: 0, code: 'timeout' });
  });

  it("rethrows the caller's own cancellation untouched", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = apiRequest('/news/get-news', { signal: controller.signal });
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('returns undefined for an empty success body', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })));

    await expect(apiRequest('/news/add-view/1')).resolves.toBeUndefined();
  });
});
