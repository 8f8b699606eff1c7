import type { NewsArticle } from '@portal/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    await screen.findByRole('textbox', { name: 'Content *' }, { timeout: 10_000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Article' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(screen.getByRole('textbox', { name: 'Title *' })).toHaveAccessibleDescription('Title is required');
    expect(fetchMock).not.toHaveBeenCalled();
  }, 20_000);

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
    await screen.findByRole('textbox', { name: 'Content *' }, { timeout: 10_000 });
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
  }, 20_000);

  it('shows the spec failure message when the server fails', async () => {
    fetchMock.mockImplementation(async () => json({ error: 'boom' }, 500));
    const onFailed = vi.fn();
    renderWithRouter(
      <NewsFormDialog article={saved} onClose={() => {}} onSaved={() => {}} onFailed={onFailed} />,
    );
    await screen.findByRole('textbox', { name: 'Content *' }, { timeout: 10_000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(onFailed).toHaveBeenCalledWith('Failed to update news article. Please try again.'),
    );
  });
});
