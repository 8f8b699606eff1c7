import {
  CONSENT_LABELS,
  formatDate,
  type MyConsents,
  OPTIONAL_CONSENT_PURPOSES,
  type OptionalConsentPurpose,
  PRIVACY_MESSAGES,
} from '@portal/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useChangeConsent, useMyConsents } from '../api/consents';

/**
 * The profile's "Privacy and consent" (docs/product-rules.md "Privacy"): the notice version
 * accepted, and each optional consent as a box saved as soon as it changes, so withdrawing is as
 * easy as giving. The box shows the change on its way and goes back if the save fails.
 */
export function PrivacyConsentSection({ onFailed }: { onFailed: (text: string) => void }) {
  const consents = useMyConsents();
  const change = useChangeConsent();
  const [saved, setSaved] = useState<OptionalConsentPurpose | null>(null);

  if (consents.isPending) return <Skeleton className="h-40 w-full" />;
  if (consents.isError || !consents.data?.consents)
    return (
      <p className="text-sm text-stone-600">Your consents could not be loaded. Please reload the page.</p>
    );
  const data: MyConsents = consents.data;
  const notice = data.consents.find((consent) => consent.purpose === 'privacy_notice');
  const current = data.acceptedNoticeVersion === data.currentNoticeVersion;

  const givenOf = (purpose: OptionalConsentPurpose) => {
    if (change.isPending && change.variables?.purpose === purpose) return change.variables.given;
    return data.consents.find((consent) => consent.purpose === purpose)?.given ?? false;
  };

  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-700">
        {current && notice?.recordedAt
          ? PRIVACY_MESSAGES.noticeAcceptedOn(data.currentNoticeVersion, formatDate(notice.recordedAt))
          : PRIVACY_MESSAGES.noticeNotAccepted}{' '}
        <Link to={paths.privacy} className="font-medium text-brand-800 underline">
          Read the privacy notice
        </Link>
      </p>
      <div className="space-y-4">
        {OPTIONAL_CONSENT_PURPOSES.map((purpose) => (
          <div key={purpose}>
            <CheckboxField
              label={CONSENT_LABELS[purpose].label}
              description={
                <p className="text-stone-600 text-xs">
                  {CONSENT_LABELS[purpose].hint}
                  {purpose === 'member_directory' && (
                    <>
                      {' '}
                      <Link to={paths.profileDirectory} className="font-medium text-brand-800 underline">
                        Edit my directory listing
                      </Link>
                    </>
                  )}
                </p>
              }
              checked={givenOf(purpose)}
              disabled={change.isPending}
              onChange={(event) => {
                setSaved(null);
                change.mutate(
                  { purpose, given: event.target.checked },
                  {
                    onSuccess: () => setSaved(purpose),
                    onError: () => onFailed(PRIVACY_MESSAGES.saveFailed),
                  },
                );
              }}
            />
            <p role="status" className="pl-8 text-emerald-800 text-sm">
              {saved === purpose ? PRIVACY_MESSAGES.saved : ''}
            </p>
          </div>
        ))}
      </div>
    </div>
  );
}
