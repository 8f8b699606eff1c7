import { formatDateTime, type NewsArticle } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { RichTextContent } from '@/components/rich-text/rich-text-content';
import { DialogCloseButton, DialogPanel } from '@/components/ui/dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { NewsGallery } from './news-gallery';

/** 'Article Preview' (spec 001 §2): the article as readers will see it, with the gallery viewer. */
export function NewsPreviewDialog({
  article,
  onClose,
}: {
  article: (NewsArticle & { content: string | null }) | null;
  onClose: () => void;
}) {
  const [index, setIndex] = useState(0);
  return (
    <Dialog.Root open={article !== null} onOpenChange={(open) => !open && onClose()}>
      {article && (
        <DialogPanel size="wide" className="sm:max-w-3xl">
          <Dialog.Title className="font-display font-semibold text-stone-500 text-sm uppercase tracking-wider">
            Article Preview
          </Dialog.Title>
          <Dialog.Description className="sr-only">{article.title}</Dialog.Description>
          {article.image_gallery.length > 0 && (
            <div className="mt-4">
              <NewsGallery
                images={article.image_gallery}
                title={article.title}
                index={index}
                onIndexChange={setIndex}
              />
            </div>
          )}
          <div className="mt-5 flex flex-wrap items-center gap-2">
            <StatusBadge tone={article.status === 'published' ? 'green' : 'yellow'}>
              {article.status}
            </StatusBadge>
            <span className="text-sm text-stone-600">
              {formatDateTime(article.created_at)}
              {article.author ? ` · By ${article.author}` : ''}
            </span>
          </div>
          <h2 className="mt-3 font-display font-semibold text-2xl text-stone-900">{article.title}</h2>
          {article.description && <p className="mt-2 text-stone-600">{article.description}</p>}
          <div className="mt-5">
            {article.content ? (
              <RichTextContent html={article.content} />
            ) : (
              <p className="text-stone-600 italic">Content not available for this article.</p>
            )}
          </div>
          <DialogCloseButton />
        </DialogPanel>
      )}
    </Dialog.Root>
  );
}
