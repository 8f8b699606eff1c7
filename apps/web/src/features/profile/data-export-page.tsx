import { DATA_EXPORT_MESSAGES, dataExportDownloadPath, formatDate } from '@portal/shared';
import { ArrowLeft, Download, FileArchive, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { useDataExport } from './api/data-export';

/**
 * The page the "Your data is ready" e-mail links to (`/profile/data-export/{id}`, decision 067):
 * behind sign-in like the profile, so a signed-out reader signs in first; then it downloads the
 * ZIP once, with a button to download it again, or says why it cannot (expired, not the owner's).
 */
export function DataExportPage() {
  const { id = '' } = useParams();
  const dataExport = useDataExport(id);
  const started = useRef(false);
  const ready = dataExport.data?.status === 'ready';

  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    void downloadWithSession(dataExportDownloadPath(id));
  }, [ready, id]);

  let body: React.ReactNode;
  if (dataExport.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-stone-700">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" /> {DATA_EXPORT_MESSAGES.preparing}
      </p>
    );
  } else if (dataExport.isError) {
    body = (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm">
        {dataExport.error instanceof ApiError && dataExport.error.status === 404
          ? DATA_EXPORT_MESSAGES.notFound
          : dataExport.error.message}
      </p>
    );
  } else {
    const data = dataExport.data;
    body =
      data.status === 'ready' ? (
        <div className="space-y-5">
          <p
            role="status"
            className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900 text-sm"
          >
            {DATA_EXPORT_MESSAGES.pageDownloading}{' '}
            {DATA_EXPORT_MESSAGES.readyUntil(formatDate(data.expiresAt))}
          </p>
          <button
            type="button"
            onClick={() => downloadWithSession(dataExportDownloadPath(id))}
            className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {DATA_EXPORT_MESSAGES.pageDownloadAgain}
          </button>
        </div>
      ) : (
        <p
          role="alert"
          className="rounded-lg border border-stone-200 bg-stone-50 px-4 py-3 text-sm text-stone-800"
        >
          {data.status === 'expired'
            ? DATA_EXPORT_MESSAGES.expired
            : data.status === 'failed'
              ? DATA_EXPORT_MESSAGES.failed
              : DATA_EXPORT_MESSAGES.preparing}
        </p>
      );
  }

  return (
    <div className="bg-stone-50 px-4 pt-28 pb-16 sm:pt-36 sm:pb-24">
      <div className="mx-auto max-w-lg rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-5 flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <FileArchive aria-hidden="true" className="size-6" />
          </span>
          <h1 className="font-display font-semibold text-2xl text-stone-900">
            {DATA_EXPORT_MESSAGES.pageTitle}
          </h1>
        </div>
        {body}
        <Link
          to={`${paths.profile}#your-data`}
          className="mt-6 inline-flex items-center gap-1.5 font-medium text-brand-800 text-sm underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {DATA_EXPORT_MESSAGES.pageBack}
        </Link>
      </div>
    </div>
  );
}
