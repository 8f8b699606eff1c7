import { DELAYS_MS } from '@portal/shared';
import { CircleCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { MessageModal } from '@/components/ui/message-modal';

type Notice = { variant: 'success' | 'error'; title: string; text: string; detail?: string };

/**
 * The notices of an admin screen. `show` and `failure` open the message modal of spec 000 §2
 * (a title, a text and 'Okay'; a failure's `detail`, the reason a server rule gave, is a second
 * line under the spec's exact text); `confirm` is a short line, for a small change the screen
 * already shows, such as a status toggled. Every success notice, modal or line, goes by itself
 * after the spec's success-notice delay (spec 001 §9: 'Success notice 2 seconds'); an error notice
 * stays until 'Okay', so that no failure goes unread. Render `notice.element` once in the screen.
 */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirmation, setConfirmation] = useState<{ text: string; at: number } | null>(null);

  useEffect(() => {
    if (notice?.variant !== 'success') return;
    const timer = window.setTimeout(() => setNotice(null), DELAYS_MS.successNotice);
    return () => window.clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    if (!confirmation) return;
    const timer = window.setTimeout(() => setConfirmation(null), DELAYS_MS.successNotice);
    return () => window.clearTimeout(timer);
  }, [confirmation]);

  const show = useCallback((next: Notice) => setNotice(next), []);
  const failure = useCallback(
    (text: string, detail?: string) =>
      setNotice({ variant: 'error', title: 'Something went wrong', text, detail }),
    [],
  );
  // `at` restarts the timer when the same text is confirmed twice in a row.
  const confirm = useCallback((text: string) => setConfirmation({ text, at: Date.now() }), []);

  const element = (
    <>
      <MessageModal
        open={notice !== null}
        variant={notice?.variant ?? 'success'}
        title={notice?.title ?? ''}
        text={notice?.text ?? ''}
        detail={notice?.detail}
        onClose={() => setNotice(null)}
      />
      {/* Always in the page, so a screen reader hears each new text in it. */}
      <div
        role="status"
        className="pointer-events-none fixed inset-x-0 bottom-6 z-40 flex justify-center px-4"
      >
        {confirmation && (
          <p className="flex items-center gap-2 rounded-full bg-stone-900 px-4 py-2.5 text-sm text-white shadow-lg">
            <CircleCheck aria-hidden="true" className="size-4 text-emerald-300" />
            {confirmation.text}
          </p>
        )}
      </div>
    </>
  );

  return { show, failure, confirm, element };
}
