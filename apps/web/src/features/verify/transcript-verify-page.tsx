import { formatDate, TRANSCRIPT_MESSAGES, type TranscriptVerification } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { apiRequest } from '@/lib/api-client';
import { VerificationCard, VerificationFact } from './components/verification-card';

/**
 * /cpd/transcripts/verify/{code} (docs/product-rules.md "CPD transcript"): what a printed CPD
 * transcript said when it was printed, for whoever scans its QR code; never the licence number.
 */
export function TranscriptVerifyPage() {
  const { code = '' } = useParams();
  const verification = useQuery({
    queryKey: ['verify', 'transcript', code],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ data: TranscriptVerification }>(
          `/cpd/transcripts/verify/${encodeURIComponent(code)}`,
          { signal },
        )
      ).data,
  });
  const data: TranscriptVerification = verification.data ?? { status: 'not_found' };
  return (
    <VerificationCard
      title={TRANSCRIPT_MESSAGES.transcriptVerifyTitle}
      pendingText="Checking the transcript…"
      isPending={verification.isPending}
      look={data.status === 'valid' ? 'good' : 'notFound'}
      headline={data.status === 'valid' ? 'Transcript issued by us' : 'Not found'}
      detail={
        data.status === 'not_found' ? (
          <p className="text-stone-600">{TRANSCRIPT_MESSAGES.transcriptNotFound}</p>
        ) : (
          <p className="text-stone-700">As printed on {formatDate(data.issued_on)}.</p>
        )
      }
      details={
        data.status === 'valid' && (
          <>
            <VerificationFact label="Name" wide className="font-semibold text-stone-900 text-xl">
              {data.name}
            </VerificationFact>
            <VerificationFact label="Profession">{data.profession}</VerificationFact>
            <VerificationFact label="Period">
              {formatDate(data.period_from)} – {formatDate(data.period_to)}
            </VerificationFact>
            <VerificationFact label={TRANSCRIPT_MESSAGES.required}>{data.required}</VerificationFact>
            <VerificationFact label={TRANSCRIPT_MESSAGES.earnedHere}>{data.earned}</VerificationFact>
            <VerificationFact label={TRANSCRIPT_MESSAGES.external}>{data.external}</VerificationFact>
          </>
        )
      }
    />
  );
}
