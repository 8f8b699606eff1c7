import { Newspaper } from 'lucide-react';
import { ContourLines } from '@/components/ui/contour-lines';

/** A news card without a usable first image: a calm branded panel instead of a broken image. */
export function NewsImageFallback({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`relative isolate flex items-center justify-center overflow-hidden bg-brand-50 ${className}`}
    >
      <ContourLines className="absolute top-1/2 left-1/2 -z-10 h-[200%] -translate-x-1/2 -translate-y-1/2 text-brand-200" />
      <span className="flex size-14 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm ring-1 ring-brand-100">
        <Newspaper className="size-6" strokeWidth={1.75} />
      </span>
    </div>
  );
}
