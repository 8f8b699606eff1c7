import { Newspaper } from 'lucide-react';
import { ContourLines } from '@/components/ui/contour-lines';

/** What a reader hears for a gallery image that cannot be shown. */
export const unavailableImageLabel = (alt: string) => `${alt} (image not available)`;

/**
 * An article image that is missing or failed to load (spec 001 §2: "a broken image falls back to a
 * placeholder"): a calm branded panel instead of a broken image. Decorative unless `label` names
 * it (a gallery image the reader should know is there but cannot be shown).
 */
export function NewsImageFallback({ className = '', label }: { className?: string; label?: string }) {
  return (
    <div
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-placeholder="news-image"
      className={`relative isolate flex items-center justify-center overflow-hidden bg-brand-50 ${className}`}
    >
      <ContourLines className="absolute top-1/2 left-1/2 -z-10 h-[200%] -translate-x-1/2 -translate-y-1/2 text-brand-200" />
      <span className="flex size-14 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-brand-100">
        <Newspaper className="size-6" strokeWidth={1.75} />
      </span>
    </div>
  );
}
