import { siteConfig } from '@portal/shared';
import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-styles';

/** The text file "Download" saves: the codes one a line, with what they are for. */
export function recoveryCodesText(codes: readonly string[]) {
  return [
    `${siteConfig.acronym} recovery codes`,
    'Each code signs you in once if you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Ten recovery codes, shown once (decision 061): the list, a "Download" of them as a .txt, and
 * the button that says they are kept, which is the only way on.
 */
export function RecoveryCodesPanel({
  codes,
  onDone,
  doneLabel = 'I have saved them',
}: {
  codes: readonly string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  return (
    <div className="space-y-5">
      <p className="text-stone-700 text-sm leading-relaxed">
        Keep these codes somewhere safe, such as a password manager or a printed page. If you lose your phone,
        each code signs you in once. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg bg-stone-100 px-5 py-4 font-mono text-base text-stone-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() =>
            downloadText(`${siteConfig.acronym.toLowerCase()}-recovery-codes.txt`, recoveryCodesText(codes))
          }
          className={buttonClasses({ variant: 'secondary' })}
        >
          <Download aria-hidden="true" className="size-4" />
          Download
        </button>
        <button type="button" onClick={onDone} className={buttonClasses({ variant: 'primary' })}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
