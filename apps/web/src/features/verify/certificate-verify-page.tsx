import { type CertificateVerification, CPD_MESSAGES, CPD_ROLE_LABELS, siteConfig } from '@portal/shared';
import { BadgeCheck, CircleX, SearchX } from 'lucide-react';
import { useParams } from 'react-router';
import type { PagePrefetch } from '@/lib/page-prefetch';
import {
  certificateVerificationQueryOptions,
  useCertificateVerification,
} from './api/get-certificate-verification';

/** The certificate's standing, fetched before the server renders the page (docs/decisions/035). */
export const prefetchCertificateVerifyPage: PagePrefetch = async ({
  queryClient,
  params,
  reads,
  markNotFound,
}) => {
  const certificate = await queryClient.fetchQuery(
    certificateVerificationQueryOptions(params.number ?? '', reads.verifyCertificate),
  );
  if (certificate.status === 'not_found') markNotFound();
};

const looks = {
  valid: { icon: BadgeCheck, band: 'bg-emerald-600', text: 'text-emerald-800', ring: 'ring-emerald-600/30' },
  revoked: { icon: CircleX, band: 'bg-red-600', text: 'text-red-800', ring: 'ring-red-600/30' },
  not_found: { icon: SearchX, band: 'bg-stone-500', text: 'text-stone-800', ring: 'ring-stone-500/30' },
} as const;

const headline = {
  valid: CPD_MESSAGES.valid,
  revoked: CPD_MESSAGES.revoked,
  not_found: CPD_MESSAGES.notFound,
} as const;

/**
 * /certificates/verify/{number} (docs/product-rules.md "CPD certificates"): what anyone who scans
 * a certificate's QR code sees. The name, program, dates and units, and whether it stands; never
 * the licence number.
 */
export function CertificateVerifyPage() {
  const { number = '' } = useParams();
  const verification = useCertificateVerification(number);
  const data: CertificateVerification = verification.data ?? { status: 'not_found' };
  const look = looks[data.status];
  const Icon = look.icon;
  if (verification.isPending) {
    return (
      <div className="mx-auto max-w-md px-4 pt-16 pb-20 text-center text-stone-600" role="status">
        Checking the certificate…
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 pt-8 pb-16 sm:pt-12">
      <h1 className="text-center font-display font-semibold text-2xl text-stone-900">
        {CPD_MESSAGES.verifyTitle}
      </h1>
      <section
        aria-labelledby="certificate-standing"
        className={`overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ${look.ring}`}
      >
        <div className={`h-2 ${look.band}`} />
        <div className="flex flex-col items-center gap-3 px-6 pt-8 pb-6 text-center">
          <Icon aria-hidden="true" className={`size-14 ${look.text}`} strokeWidth={1.75} />
          <p id="certificate-standing" className={`font-bold font-display text-3xl ${look.text}`}>
            {headline[data.status]}
          </p>
          {data.status === 'not_found' && <p className="text-stone-600">{CPD_MESSAGES.notFoundDetail}</p>}
          {data.status === 'revoked' && (
            <p className="text-stone-700">{CPD_MESSAGES.revokedDetail(data.revoked_reason ?? '')}</p>
          )}
        </div>
        {data.status !== 'not_found' && (
          <dl className="divide-y divide-stone-200 border-stone-200 border-t">
            <div className="px-6 py-4">
              <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">Name</dt>
              <dd className="mt-1 font-semibold text-stone-900 text-xl">{data.name}</dd>
            </div>
            <div className="px-6 py-4">
              <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">Program</dt>
              <dd className="mt-1 text-stone-900">{data.program}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 px-6 py-4">
              <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">Date</dt>
              <dd className="text-right text-stone-900">{data.dates}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 px-6 py-4">
              <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">CPD units</dt>
              <dd className="font-semibold text-stone-900">
                {data.units}{' '}
                <span className="font-normal text-stone-600">({CPD_ROLE_LABELS[data.role]})</span>
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 px-6 py-4">
              <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">
                Certificate no.
              </dt>
              <dd className="whitespace-nowrap font-mono text-stone-900">{data.number}</dd>
            </div>
            <div className="px-6 py-4">
              <dt className="font-semibold text-stone-500 text-xs uppercase tracking-wide">Provider</dt>
              <dd className="mt-1 text-stone-900">{data.provider}</dd>
            </div>
          </dl>
        )}
      </section>
      <p className="text-center text-sm text-stone-500">
        Checked live with the records of the {siteConfig.name}.
      </p>
    </div>
  );
}
