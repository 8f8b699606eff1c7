import {
  ANNOUNCEMENT_MESSAGES,
  NEWS_FIELD_MESSAGES,
  NEWS_MESSAGES,
  NEWS_STATUSES,
  type NewsArticle,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useItemAnnouncement } from '@/components/announcements/announcement-api';
import { AnnouncementFields } from '@/components/announcements/announcement-fields';
import { type AnnouncementOutcome, useAnnounceOnSave } from '@/components/announcements/use-announce-on-save';
import { LazyRichTextEditor } from '@/components/rich-text/lazy-rich-text-editor';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogFooter, DialogPanel } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { type GalleryItem, type NewsFields, useSaveNews } from '../api/save-news';
import { GalleryEditor } from './gallery-editor';

type NewsFormDialogProps = {
  /** `null` creates an article; an article edits it. */
  article: (NewsArticle & { content: string | null }) | null;
  onClose: () => void;
  /** `announcement`: what became of "E-mail to members", when it was ticked. */
  onSaved: (article: NewsArticle, announcement?: AnnouncementOutcome) => void;
  /** spec 001 §8: 'Failed to create/update news article. Please try again.' */
  onFailed: (message: string) => void;
};

/** TipTap's empty document is `<p></p>`: text is what counts. */
const isBlankHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '' && !/<(img|hr|table)\b/i.test(html);

/**
 * 'Create News Article' and 'Edit News Article' (spec 001 §2, §5): title, description, author,
 * status (draft by default), the content in the rich-text editor and the gallery. Title, content
 * and author are required ('Please fill in all required fields'); the upload shows its progress.
 * "E-mail to members" announces a published article once it is saved (docs/decisions/052).
 */
export function NewsFormDialog({ article, onClose, onSaved, onFailed }: NewsFormDialogProps) {
  const save = useSaveNews();
  const announce = useAnnounceOnSave('news');
  const isEdit = article !== null;
  const [gallery, setGallery] = useState<GalleryItem[]>(
    () => article?.image_gallery.map((src) => ({ kind: 'saved' as const, src })) ?? [],
  );
  const [alert, setAlert] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const defaultValues: NewsFields = {
    title: article?.title ?? '',
    description: article?.description ?? '',
    content: article?.content ?? '',
    status: article?.status ?? 'draft',
    author: article?.author ?? '',
  };
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<NewsFields>({ defaultValues });
  const published = watch('status') === 'published';
  // Read only for a published item: a draft cannot be announced, so its form asks nothing more.
  const announced = useItemAnnouncement('news', published ? article?.id : undefined);

  // The previews of chosen files are object URLs: freed when the dialog goes (the ref holds the
  // list of that moment, which has every preview still shown).
  const galleryRef = useRef(gallery);
  galleryRef.current = gallery;
  useEffect(
    () => () => {
      for (const item of galleryRef.current) if (item.kind === 'upload') URL.revokeObjectURL(item.previewUrl);
    },
    [],
  );

  const pending = save.isPending || announce.isPending;
  const saveLabel = announce.isPending
    ? ANNOUNCEMENT_MESSAGES.sending
    : !save.isPending
      ? isEdit
        ? 'Save Changes'
        : 'Create Article'
      : progress === null
        ? 'Saving…'
        : progress < 1
          ? `Uploading ${Math.round(progress * 100)}%`
          : 'Processing images…';

  const onSubmit = handleSubmit((fields) => {
    clearErrors();
    const missing = {
      title: !fields.title.trim() && NEWS_FIELD_MESSAGES.titleRequired,
      content: isBlankHtml(fields.content) && NEWS_FIELD_MESSAGES.contentRequired,
      author: !fields.author.trim() && NEWS_FIELD_MESSAGES.authorRequired,
    };
    const missingFields = Object.entries(missing).filter(([, message]) => message);
    if (missingFields.length > 0) {
      for (const [name, message] of missingFields)
        setError(name as keyof NewsFields, { message: message as string });
      setAlert(NEWS_MESSAGES.requiredFields);
      return;
    }
    setAlert(null);
    if (gallery.some((item) => item.kind === 'upload')) setProgress(0);
    save.mutate(
      {
        id: article?.id,
        fields,
        gallery,
        savedGallery: article?.image_gallery,
        onUploadProgress: setProgress,
      },
      {
        onSuccess: (saved) => announce.announceAfter(saved, (outcome) => onSaved(saved, outcome)),
        onError: (error) => {
          const messages = serverFieldErrors(error);
          const unplaced = applyServerFieldErrors(messages, setError, Object.keys(defaultValues));
          const galleryMessage = Object.entries(unplaced).find(([field]) =>
            /^(images|image_urls|image_order|removed_images)/.test(field),
          )?.[1];
          if (galleryMessage) setAlert(galleryMessage);
          else if (Object.keys(unplaced).length === Object.keys(messages).length)
            onFailed(isEdit ? NEWS_MESSAGES.updateFailed : NEWS_MESSAGES.createFailed);
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogPanel size="wide" className="sm:max-w-3xl">
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          {isEdit ? 'Edit News Article' : 'Create News Article'}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          Fields marked * are required.
        </Dialog.Description>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
          {alert && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
            >
              {alert}
            </p>
          )}
          <TextField
            label="Title *"
            autoComplete="off"
            error={errors.title?.message}
            {...register('title')}
          />
          <TextAreaField
            label="Description"
            rows={3}
            error={errors.description?.message}
            {...register('description')}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Author *"
              autoComplete="off"
              error={errors.author?.message}
              {...register('author')}
            />
            <SelectField label="Status" error={errors.status?.message} {...register('status')}>
              {NEWS_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status[0]?.toUpperCase()}
                  {status.slice(1)}
                </option>
              ))}
            </SelectField>
          </div>
          <Controller
            name="content"
            control={control}
            render={({ field, fieldState }) => (
              <LazyRichTextEditor
                label="Content *"
                value={field.value}
                onChange={field.onChange}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
          <GalleryEditor items={gallery} onChange={setGallery} onProblem={setAlert} />
          <AnnouncementFields
            value={announce.choice}
            onChange={announce.setChoice}
            published={published}
            announced={isEdit ? announced.data : null}
          />
          <DialogFooter>
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={pending}>
              Cancel
            </Dialog.Close>
            {/*
              The upload's progress is said on the button the admin just pressed, in the footer that
              stays in view however far the form is scrolled; the fill behind the words shows it too.
            */}
            <button
              type="submit"
              className={buttonClasses({ variant: 'primary', className: 'relative isolate overflow-hidden' })}
              disabled={pending}
            >
              {progress !== null && (
                <span
                  aria-hidden="true"
                  className="absolute inset-y-0 left-0 -z-10 bg-brand-900 transition-[width]"
                  style={{ width: `${Math.round(progress * 100)}%` }}
                />
              )}
              <span aria-live="polite">{saveLabel}</span>
            </button>
          </DialogFooter>
        </form>
        <DialogCloseButton disabled={pending} />
      </DialogPanel>
    </Dialog.Root>
  );
}
