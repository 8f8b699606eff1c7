/** What a list on a public page shows when it has nothing, or when its call failed. */
export function SectionEmptyState({ text }: { text: string }) {
  return (
    <p className="rounded-2xl border border-stone-300 border-dashed bg-white px-6 py-14 text-center text-stone-600">
      {text}
    </p>
  );
}
