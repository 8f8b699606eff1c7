import { lazy, type Ref, Suspense } from 'react';
import type { FieldProps } from '../ui/form-field';
import { Skeleton } from '../ui/skeleton';

export type RichTextEditorProps = FieldProps & {
  /** HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
};

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/**
 * The rich-text field, its code fetched the first time an admin form shows it. Use it through
 * react-hook-form's `Controller`:
 * `<Controller name="content" control={control} render={({ field, fieldState }) =>
 *   <LazyRichTextEditor label="Content" value={field.value} onChange={field.onChange}
 *     ref={field.ref} error={fieldState.error?.message} />} />`
 */
export function LazyRichTextEditor(props: RichTextEditorProps & { ref?: Ref<{ focus: () => void }> }) {
  return (
    <Suspense fallback={<Skeleton className="h-60 w-full rounded-lg" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
