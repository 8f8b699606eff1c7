import { formatReceipt, MEETING_MEMBER_TEXT as T } from '@portal/shared';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';

/**
 * The receipt code a cast ballot answers (decision 071): shown once, copyable, with what it is
 * for. The server keeps no link from the code to the voter, so it cannot be shown again later.
 */
export function ReceiptCard({ receipt, meetingId }: { receipt: string; meetingId: string }) {
  const [copied, setCopied] = useState(false);
  const code = formatReceipt(receipt);
  const copy = async () => {
    await navigator.clipboard.writeText(code);
    setCopied(true);
  };
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:p-5">
      <p className="font-semibold text-emerald-900">{T.cast}</p>
      <p className="mt-3 text-sm text-stone-700">{T.receiptTitle}</p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <output
          aria-label={T.receiptTitle}
          className="rounded-lg bg-white px-3 py-2 font-mono font-semibold text-2xl text-stone-900 tracking-widest ring-1 ring-emerald-200"
        >
          {code}
        </output>
        <button type="button" onClick={copy} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? T.copied : T.copy}
        </button>
      </div>
      <p className="mt-3 text-sm text-stone-700 leading-relaxed">{T.receiptHelp}</p>
      <p className="mt-2 text-sm">
        <Link to={paths.meetingResults(meetingId)} className="font-medium text-brand-800 underline">
          The results page
        </Link>
      </p>
    </div>
  );
}
