import { type CertificateVerification, CPD_MESSAGES, CPD_ROLE_LABELS } from '@portal/shared';
import { useParams } from 'react-router';
import type { PagePrefetch } from '@/lib/page-prefetch';
import {
  certificateVerificationQueryOptions,
  useCertificateVerification,
} from './api/get-certificate-verification';
import { VerificationCard, VerificationFact, type VerificationLook } from './components/verification-card';

/** The certificate's standing, fetched before the server renders the page (docs/decisions/035). */
export const prefetchCertificateVerifyPage: PagePrefetch = async ({
  queryClient,
  params,
  reads,
  markNotFound,
}) => {
  const certificate = await queryClient.fetchQuery(
    certificateVerificationQueryOptions(params.code ?? '', reads.verifyCertificate),
  );
  if (certificate.status === 'not_found') markNotFound();
};

const looks: Record<CertificateVerification['status'], VerificationLook> = {
  valid: 'good',
  revoked: 'withdrawn',
  not_found: 'notFound',
};

const headline = {
  valid: CPD_MESSAGES.valid,
  revoked: CPD_MESSAGES.revoked,
  not_found: CPD_MESSAGES.notFound,
} as const;

/**
 * /certificates/verify/{code} (docs/product-rules.md "CPD certificates"): what anyone who scans
 * a certificate's QR code sees. The code is not the printed number (docs/decisions/066). The name,
 * program, dates and units, and whether it stands; never the licence number nor why it was revoked.
 */
export function CertificateVerifyPage() {
  const { code = '' } = useParams();
  const verification = useCertificateVerification(code);
  const data: CertificateVerification = verification.data ?? { status: 'not_found' };
  return (
    <VerificationCard
      title={CPD_MESSAGES.verifyTitle}
      pendingText="Checking the certificate…"
      isPending={verification.isPending}
      look={looks[data.status]}
      headline={headline[data.status]}
      detail={
        data.status === 'not_found' ? (
          <p className="text-stone-600">{CPD_MESSAGES.notFoundDetail}</p>
        ) : (
          data.status === 'revoked' && <p className="text-stone-700">{CPD_MESSAGES.revokedDetail}</p>
        )
      }
      details={
        data.status !== 'not_found' && (
          <>
            <VerificationFact label="Name" wide className="font-semibold text-stone-900 text-xl">
              {data.name}
            </VerificationFact>
            <VerificationFact label="Program" wide>
              {data.program}
            </VerificationFact>
            <VerificationFact label="Date">{data.dates}</VerificationFact>
            <VerificationFact label="CPD units" className="font-semibold text-stone-900">
              {data.units} <span className="font-normal text-stone-600">({CPD_ROLE_LABELS[data.role]})</span>
            </VerificationFact>
            <VerificationFact label="Certificate no." className="whitespace-nowrap font-mono text-stone-900">
              {data.number}
            </VerificationFact>
            <VerificationFact label="Provider" wide>
              {data.provider}
            </VerificationFact>
          </>
        )
      }
    />
  );
}
