import { CONSENT_LABELS, OPTIONAL_CONSENT_PURPOSES, PRIVACY_MESSAGES, PRIVACY_NOTICE } from '@portal/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { paths } from '@/config/paths';

type ConsentForm = {
  acceptNotice: boolean;
  optionalConsents: { announcements_email: boolean; member_directory: boolean; cpd_prc_report: boolean };
};

/**
 * The consent part of the registration form and the membership application
 * (docs/product-rules.md "Privacy"): the privacy notice's box, required and linked to the notice
 * (opened in a new tab so the form keeps what was typed), then each optional consent as its own
 * unticked box. `hint` says what leaving a box empty means on that form.
 */
export function ConsentFields<Form extends ConsentForm>({
  register,
  errors,
  hint,
}: {
  register: UseFormRegister<Form>;
  errors: FieldErrors<Form>;
  hint?: string;
}) {
  // The form's own type narrows these names; both forms carry the same two fields.
  const field = register as unknown as UseFormRegister<ConsentForm>;
  const fieldErrors = errors as FieldErrors<ConsentForm>;
  return (
    <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-stone-50/60 p-4">
      <legend className="px-1 font-semibold text-sm text-stone-900">Privacy</legend>
      <CheckboxField
        label={PRIVACY_MESSAGES.noticeLabel}
        error={fieldErrors.acceptNotice?.message}
        description={
          <p className="text-stone-600 text-xs">
            <Link to={paths.privacy} target="_blank" className="font-medium text-brand-800 underline">
              Read the privacy notice
            </Link>{' '}
            (version {PRIVACY_NOTICE.version}).
          </p>
        }
        {...field('acceptNotice')}
      />
      <div className="space-y-3 border-stone-200 border-t pt-4">
        <p className="text-stone-600 text-xs">{PRIVACY_MESSAGES.optionalHeading}</p>
        {OPTIONAL_CONSENT_PURPOSES.map((purpose) => (
          <CheckboxField
            key={purpose}
            label={CONSENT_LABELS[purpose].label}
            description={<p className="text-stone-600 text-xs">{CONSENT_LABELS[purpose].hint}</p>}
            {...field(`optionalConsents.${purpose}`)}
          />
        ))}
        {hint && <p className="text-stone-600 text-xs">{hint}</p>}
      </div>
    </fieldset>
  );
}
