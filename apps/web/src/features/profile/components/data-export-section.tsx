import { DATA_EXPORT_MESSAGES, type DataExport, dataExportDownloadPath, formatDate } from '@portal/shared';
import { Download, FileArchive, Loader2 } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { downloadWithSession } from '@/lib/download';
import { useLatestDataExport, useRequestDataExport } from '../api/data-export';

/** Where the latest export stands, in the section's words; nothing before the first request. */
function ExportState({ latest }: { latest: DataExport }) {
  switch (latest.status) {
    case 'queued':
    case 'running':
      return (
        <p className="flex items-center gap-2 text-sm text-stone-700">
          <Loader2 aria-hidden="true" className="size-4 animate-spin text-brand-700" />
          {DATA_EXPORT_MESSAGES.preparing}
        </p>
      );
    case 'ready':
      return (
        <div className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-emerald-900">
            {DATA_EXPORT_MESSAGES.readyUntil(formatDate(latest.expiresAt))}
          </p>
          <button
            type="button"
            onClick={() => downloadWithSession(dataExportDownloadPath(latest.id))}
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {DATA_EXPORT_MESSAGES.downloadLink}
          </button>
        </div>
      );
    case 'failed':
      return (
        <p role="alert" className="text-sm text-red-800">
          {DATA_EXPORT_MESSAGES.failed}
        </p>
      );
    case 'expired':
      return <p className="text-sm text-stone-600">{DATA_EXPORT_MESSAGES.expiredHint}</p>;
  }
}

/**
 * The profile's "Your data" (docs/product-rules.md "Privacy", decision 067): "Download my data"
 * asks for a ZIP of everything kept about the person; it is built in the background and e-mailed
 * as a link, and the state of the latest one is shown here (asked again while it is built).
 */
export function DataExportSection({ onFailed }: { onFailed: (text: string) => void }) {
  const latest = useLatestDataExport();
  const request = useRequestDataExport();

  if (latest.isPending) return <Skeleton className="h-28 w-full" />;
  const current = latest.data ?? null;
  const building = current?.status === 'queued' || current?.status === 'running';

  return (
    <div className="space-y-5">
      <div className="flex gap-4">
        <FileArchive aria-hidden="true" className="mt-0.5 hidden size-8 shrink-0 text-brand-700 sm:block" />
        <p className="text-sm text-stone-700">{DATA_EXPORT_MESSAGES.intro}</p>
      </div>
      {current && <ExportState latest={current} />}
      <div>
        <button
          type="button"
          disabled={building || request.isPending}
          onClick={() =>
            request.mutate(undefined, { onError: () => onFailed(DATA_EXPORT_MESSAGES.askFailed) })
          }
          className={buttonClasses({ variant: 'primary', className: 'w-full sm:w-auto' })}
        >
          <Download aria-hidden="true" className="size-4" />
          {DATA_EXPORT_MESSAGES.button}
        </button>
        <p role="status" className="mt-2 text-sm text-stone-600">
          {request.isSuccess && building ? DATA_EXPORT_MESSAGES.requested : ''}
        </p>
      </div>
    </div>
  );
}
