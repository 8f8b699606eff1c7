import { NEWS_IMAGES_FIELD, type NewsArticle, type NewsStatus, newsUploadToken } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { newsKeys } from './news-keys';

/** One image of the gallery being edited: one already saved, a file to upload, or a new address. */
export type GalleryItem =
  | { kind: 'saved'; src: string }
  | { kind: 'upload'; file: File; previewUrl: string }
  | { kind: 'url'; url: string };

export type NewsFields = {
  title: string;
  description: string;
  content: string;
  status: NewsStatus;
  author: string;
};

export type SaveNewsInput = {
  /** Absent to create an article. */
  id?: string;
  fields: NewsFields;
  gallery: readonly GalleryItem[];
  /** The saved gallery when the form opened; what is missing from `gallery` is removed. */
  savedGallery?: readonly string[];
  onUploadProgress?: (fraction: number) => void;
};

/**
 * The multipart body of create-news and update-news (spec 001 §7): the fields, `images` (the new
 * files, repeated), `image_urls` (the new addresses, repeated), `removed_images` (edit) and
 * `image_order`, the whole gallery in its order, a new file named `upload:<n>`.
 */
export function newsFormData({ id, fields, gallery, savedGallery = [] }: SaveNewsInput): FormData {
  const uploads = gallery.flatMap((item) => (item.kind === 'upload' ? [item.file] : []));
  const order = gallery.map((item) =>
    item.kind === 'saved'
      ? item.src
      : item.kind === 'url'
        ? item.url
        : newsUploadToken(uploads.indexOf(item.file)),
  );
  const kept = new Set(gallery.flatMap((item) => (item.kind === 'saved' ? [item.src] : [])));
  return toFormData({
    ...fields,
    id,
    [NEWS_IMAGES_FIELD]: uploads,
    image_urls: gallery.flatMap((item) => (item.kind === 'url' ? [item.url] : [])),
    removed_images: id ? savedGallery.filter((src) => !kept.has(src)) : [],
    image_order: order,
  });
}

/** POST create-news or PUT update-news/{id}, with the upload's progress; every news list is read again after. */
export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveNewsInput) => {
      const body = newsFormData(input);
      // Progress means something only when files go up; without them the plain fetch path is used.
      const hasUploads = input.gallery.some((item) => item.kind === 'upload');
      const options = { body, onUploadProgress: hasUploads ? input.onUploadProgress : undefined };
      const response = input.id
        ? await apiRequest<{ data: NewsArticle }>(`/news/admin/update-news/${encodeURIComponent(input.id)}`, {
            method: 'PUT',
            ...options,
          })
        : await apiRequest<{ data: NewsArticle }>('/news/admin/create-news', { method: 'POST', ...options });
      return response.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

/** DELETE /news/admin/delete-news/{id}. */
export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<unknown>(`/news/admin/delete-news/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
