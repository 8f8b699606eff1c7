import { ANNOUNCEMENT_MESSAGES, NEWS_FIELD_MESSAGES, type NewsArticle } from '@portal/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { newsFormData } from '../api/save-news';
import { NewsFormDialog } from './news-form-dialog';

const saved: NewsArticle & { content: string | null } = {
  id: '7b0a3c4e-0000-4000-8000-000000000001',
  title: 'Nickel output rises',
  description: null,
  content: '<p>Body</p>',
  status: 'draft',
  author: 'Maria Santos',
  image_gallery: ['/uploads/a.webp', 'https://img.example.org/b.jpg', '/uploads/c.webp'],
  likes: 0,
  views: 0,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => json({ data: saved }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('newsFormData (the multipart body of spec 001 §7)', () => {
  it('sends new files, new URLs, the removed images and the whole order', () => {
    const photo = new File(['x'], 'photo.jpg', { type: 'image/jpeg' });
    const form = newsFormData({
      id: saved.id,
      fields: { title: 'T', description: '', content: '<p>x</p>', status: 'published', author: 'A' },
      savedGallery: saved.image_gallery,
      gallery: [
        { kind: 'url', url: 'https://new.example/n.png' },
        { kind: 'saved', src: '/uploads/c.webp' },
        { kind: 'upload', file: photo, previewUrl: 'blob:1' },
        { kind: 'saved', src: 'https://img.example.org/b.jpg' },
      ],
    });
    expect(form.get('id')).toBe(saved.id);
    expect(form.getAll('images')).toHaveLength(1);
    expect(form.getAll('image_urls')).toEqual(['https://new.example/n.png']);
    expect(form.getAll('removed_images')).toEqual(['/uploads/a.webp']);
    expect(form.getAll('image_order')).toEqual([
      'https://new.example/n.png',
      '/uploads/c.webp',
      'upload:0',
      'https://img.example.org/b.jpg',
    ]);
  });
});

describe('NewsFormDialog (spec 001 §5)', () => {
  it("says 'Please fill in all required fields' and sends nothing without title, content and author", async () => {
    renderWithRouter(
      <NewsFormDialog article={null} onClose={() => {}} onSaved={() => {}} onFailed={() => {}} />,
    );
    expect(screen.getByRole('dialog', { name: 'Create News Article' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('draft');
    await screen.findByRole('textbox', { name: 'Content *' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByRole('textbox', { name: 'Title *' })).toHaveAccessibleDescription('Title is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a file that is not an image with 'Please select only image files'", async () => {
    renderWithRouter(
      <NewsFormDialog article={null} onClose={() => {}} onSaved={() => {}} onFailed={() => {}} />,
    );
    const input = screen.getByLabelText('Upload images');
    fireEvent.change(input, {
      target: {
        files: [
          new File(['a'], 'a.jpg', { type: 'image/jpeg' }),
          new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }),
        ],
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select only image files');
    expect(screen.queryByRole('list', { name: 'Gallery images' })).not.toBeInTheDocument();
  });

  it('adds a URL only when not blank, refuses http:, reorders and removes images', async () => {
    const user = userEvent.setup();
    renderWithRouter(
      <NewsFormDialog article={saved} onClose={() => {}} onSaved={() => {}} onFailed={() => {}} />,
    );
    const url = screen.getByRole('textbox', { name: 'Image URL' });
    await user.type(url, '   ');
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    await user.clear(url);
    await user.type(url, 'http://img.example.org/x.jpg');
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    expect(screen.getByText('Image URLs must start with https://')).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, '  https://img.example.org/d.jpg ');
    await user.click(screen.getByRole('button', { name: 'Add URL' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Move image 4 up' }));
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await screen.findByRole('textbox', { name: 'Content *' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe(`/api/news/admin/update-news/${saved.id}`);
    const body = init.body as FormData;
    expect(body.getAll('image_order')).toEqual([
      'https://img.example.org/b.jpg',
      'https://img.example.org/d.jpg',
      '/uploads/c.webp',
    ]);
    expect(body.getAll('removed_images')).toEqual(['/uploads/a.webp']);
    expect(body.getAll('image_urls')).toEqual(['https://img.example.org/d.jpg']);
  });

  it('announces the saved article when "E-mail to members" is ticked on a published one (decision 052)', async () => {
    const published = { ...saved, status: 'published' as const };
    const announcement = {
      id: '7b0a3c4e-0000-4000-8000-000000000009',
      item_type: 'news',
      item_id: saved.id,
      item_title: saved.title,
      audience: 'members',
      recipient_count: 12,
      sent_by: 'Secretariat Desk',
      created_at: '2026-03-02T00:00:00.000Z',
    };
    const noneYet = {
      announcements: [],
      pagination: { page: 1, limit: 1, total: 0, totalPages: 0, hasNext: false, hasPrev: false },
    };
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/announcements') && (init?.method ?? 'GET') === 'GET')
        return json({ data: noneYet });
      if (url === '/api/announcements') return json({ data: announcement }, 201);
      return json({ data: published });
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithRouter(
      <NewsFormDialog article={published} onClose={() => {}} onSaved={onSaved} onFailed={() => {}} />,
    );
    const box = screen.getByRole('checkbox', { name: ANNOUNCEMENT_MESSAGES.checkbox });
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    await user.click(screen.getByRole('radio', { name: /All members/ }));
    await screen.findByRole('textbox', { name: 'Content *' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(published, { sent: announcement }));
    const writes = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit)?.method !== 'GET');
    // Saved first, then announced: the article exists when the e-mails link to it.
    expect(writes.map(([url, init]) => `${(init as RequestInit).method} ${url}`)).toEqual([
      `PUT /api/news/admin/update-news/${saved.id}`,
      'POST /api/announcements',
    ]);
    const posted = JSON.parse(String((writes[1] as [string, RequestInit])[1].body));
    expect(posted).toEqual({
      item_type: 'news',
      item_id: saved.id,
      audience: 'members',
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('shows the spec failure message when the server fails', async () => {
    fetchMock.mockImplementation(async () => json({ error: 'boom' }, 500));
    const onFailed = vi.fn();
    renderWithRouter(
      <NewsFormDialog article={saved} onClose={() => {}} onSaved={() => {}} onFailed={onFailed} />,
    );
    await screen.findByRole('textbox', { name: 'Content *' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onFailed).toHaveBeenCalledWith('Failed to update news article. Please try again.'),
    );
  });
});

/** Puts HTML into the rich-text editor as a paste does (jsdom has no typing for ProseMirror). */
async function pasteContent(html: string) {
  const box = await screen.findByRole('textbox', { name: 'Content *' });
  box.focus();
  const text = html.replace(/<[^>]*>/g, '');
  fireEvent.paste(box, {
    clipboardData: {
      types: ['text/html', 'text/plain'],
      getData: (type: string) => (type === 'text/html' ? html : type === 'text/plain' ? text : ''),
    },
  });
  await waitFor(() => expect(box).toHaveTextContent(text));
}

const images = (count: number, prefix = 'photo') =>
  Array.from(
    { length: count },
    (_, index) => new File(['x'], `${prefix}-${index}.jpg`, { type: 'image/jpeg' }),
  );

/**
 * XMLHttpRequest at the network boundary: the upload with progress goes through it (fetch cannot
 * report progress), so the test plays the browser's progress events and the server's answer.
 */
class UploadRequest {
  static sent: UploadRequest[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader() {
    return 'application/json';
  }
  send(body: FormData) {
    this.body = body;
    UploadRequest.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('NewsFormDialog uploads (spec 001 §5 "upload several images at once (with progress)")', () => {
  beforeEach(() => {
    UploadRequest.sent = [];
    vi.stubGlobal('XMLHttpRequest', UploadRequest);
  });

  it("says 'Uploading n%' on the footer's save button while the images go up, then 'Processing images…'", async () => {
    const onSaved = vi.fn();
    renderWithRouter(
      <NewsFormDialog article={saved} onClose={() => {}} onSaved={onSaved} onFailed={() => {}} />,
    );
    fireEvent.change(screen.getByLabelText('Upload images'), { target: { files: images(2) } });
    await screen.findByRole('textbox', { name: 'Content *' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(UploadRequest.sent).toHaveLength(1));
    const request = UploadRequest.sent[0] as UploadRequest;
    expect([request.method, request.url]).toEqual(['PUT', `/api/news/admin/update-news/${saved.id}`]);
    expect(request.body?.getAll('images')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();

    // On the pressed button, in the footer that stays in view.
    expect(screen.getByRole('button', { name: 'Uploading 0%' })).toBeDisabled();
    act(() => request.progress(42, 100));
    const button = screen.getByRole('button', { name: 'Uploading 42%' });
    expect(button).toBeDisabled();
    expect(button.closest('.sticky')).not.toBeNull();

    act(() => request.progress(100, 100));
    expect(screen.getByRole('button', { name: 'Processing images…' })).toBeDisabled();
    act(() => request.answer(200, { data: { ...saved, title: 'Saved' } }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ title: 'Saved' });
  });

  it('refuses the 11th new image with a clear message and keeps the ten', async () => {
    renderWithRouter(
      <NewsFormDialog article={null} onClose={() => {}} onSaved={() => {}} onFailed={() => {}} />,
    );
    const input = screen.getByLabelText('Upload images');
    fireEvent.change(input, { target: { files: images(10) } });
    const gallery = await screen.findByRole('list', { name: 'Gallery images' });
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.change(input, { target: { files: images(1, 'eleventh') } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'At most 10 new images can be uploaded at once. Save the article, then add more.',
    );
    expect(NEWS_FIELD_MESSAGES.tooManyUploads).toContain('10');
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.queryByText(/eleventh/)).not.toBeInTheDocument();
  });

  it('counts only the new images: a saved gallery of 25 still takes 5 new ones, not a 31st image', async () => {
    const large = {
      ...saved,
      image_gallery: Array.from({ length: 25 }, (_, index) => `/uploads/saved-${index}.webp`),
    };
    renderWithRouter(
      <NewsFormDialog article={large} onClose={() => {}} onSaved={() => {}} onFailed={() => {}} />,
    );
    const input = screen.getByLabelText('Upload images');
    fireEvent.change(input, { target: { files: images(5) } });
    const gallery = screen.getByRole('list', { name: 'Gallery images' });
    await waitFor(() => expect(within(gallery).getAllByRole('listitem')).toHaveLength(30));
    fireEvent.change(input, { target: { files: images(1, 'extra') } });
    expect(await screen.findByRole('alert')).toHaveTextContent('A gallery holds at most 30 images');
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(30);
  });
});

describe('NewsFormDialog creating (spec 001 §8)', () => {
  it("says 'Failed to create news article. Please try again.' when the server fails", async () => {
    fetchMock.mockImplementation(async () => json({ error: 'Internal Server Error' }, 500));
    const onFailed = vi.fn();
    renderWithRouter(
      <NewsFormDialog article={null} onClose={() => {}} onSaved={() => {}} onFailed={onFailed} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Title *' }), 'Nickel output rises');
    await user.type(screen.getByRole('textbox', { name: 'Author *' }), 'Maria Santos');
    await pasteContent('<p>Output rose in the third quarter.</p>');
    await user.click(screen.getByRole('button', { name: 'Create Article' }));
    await waitFor(() =>
      expect(onFailed).toHaveBeenCalledWith('Failed to create news article. Please try again.'),
    );
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([path, init.method]).toEqual(['/api/news/admin/create-news', 'POST']);
    const body = init.body as FormData;
    expect([body.get('title'), body.get('author'), body.get('status')]).toEqual([
      'Nickel output rises',
      'Maria Santos',
      'draft',
    ]);
    expect(body.get('content')).toBe('<p>Output rose in the third quarter.</p>');
    // The dialog stays open with what was typed, to try again.
    expect(screen.getByRole('dialog', { name: 'Create News Article' })).toBeInTheDocument();
  });
});
