import { zodResolver } from '@hookform/resolvers/zod';
import {
  addedRepresentativeType,
  DELAYS_MS,
  formatPesos,
  MEMBERSHIP_FEES,
  MEMBERSHIP_FORM_MESSAGES,
  type MembershipApplicationForm,
  membershipApplicationFormSchema,
  PREFERRED_PACKAGE_KEY,
  PRIVACY_MESSAGES,
  PROFILE_MESSAGES,
  siteConfig,
} from '@portal/shared';
import { Building2, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type FieldPath, FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AddressFieldset } from '@/components/forms/address-fieldset';
import { BillingFieldset } from '@/components/forms/billing-fieldset';
import { NameFieldset } from '@/components/forms/name-fieldset';
import { emptyRepresentativeRow } from '@/components/forms/representative-row';
import { RepresentativesEditor } from '@/components/forms/representatives-editor';
import { ConsentFields } from '@/components/privacy/consent-fields';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageField } from '@/components/ui/image-field';
import { MessageModal } from '@/components/ui/message-modal';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { serverFieldErrors } from '@/lib/form-errors';
import { isAdmin, startSession, useSessionUser } from '@/lib/session-store';
import type { SessionUser } from '@/lib/session-user';
import { useCurrentApplication } from './api/get-current-application';
import { addressToSend, useSubmitMembershipForm } from './api/submit-membership-form';
import { StepIndicator } from './components/step-indicator';
import {
  type ApplicationFormValues,
  type ApplicationStart,
  newApplicationStart,
  renewalStart,
} from './form-values';

type StepName = 'Membership Type' | 'Personal Info' | 'Representatives' | 'Submit';

/** spec 000 §2: an individual's form has 3 steps, a company's 4. */
const stepsOf = (type: ApplicationFormValues['type']): StepName[] =>
  type === 'company'
    ? ['Membership Type', 'Personal Info', 'Representatives', 'Submit']
    : ['Membership Type', 'Personal Info', 'Submit'];

const STEP_FIELDS: Record<StepName, FieldPath<ApplicationFormValues>[]> = {
  'Membership Type': ['type', 'category'],
  'Personal Info': [
    'firstName',
    'middleName',
    'lastName',
    'suffix',
    'registeredName',
    'tradeName',
    'phone',
    'facsimile',
    'houseNo',
    'street',
    'city',
    'postalCode',
    'about',
    'tin',
    'billingAddress',
    'billingEmail',
  ],
  Representatives: ['representatives'],
  Submit: [],
};

/** The step a field is on, for a server message on a field of an earlier step. */
function stepOfField(field: string): StepName {
  const top = field.split('.')[0] ?? field;
  if (top === 'type' || top === 'category') return 'Membership Type';
  if (top === 'representatives') return 'Representatives';
  if ((STEP_FIELDS['Personal Info'] as string[]).includes(top)) return 'Personal Info';
  return 'Submit';
}

function readPreferredPackage(): string | null {
  try {
    return localStorage.getItem(PREFERRED_PACKAGE_KEY);
  } catch {
    return null;
  }
}

const resolver = zodResolver(membershipApplicationFormSchema) as unknown as Resolver<
  ApplicationFormValues,
  unknown,
  MembershipApplicationForm
>;

/**
 * /user-forms, the membership application (spec 000 §2, §4;
 * docs/product-rules.md "Membership lifecycle"): Membership Type, Personal Info, (for companies)
 * Representatives, then Submit with the profile photo or company logo. A new account's form starts
 * blank but for the plan chosen with 'Select Plan'; a member who has applied before (a renewal)
 * starts from what they hold now, so sending it changes only what they change (docs/decisions/023).
 */
export function MembershipApplicationPage() {
  const user = useSessionUser();
  // Decided once: a successful first application clears isNew, and the form must stay as it is.
  const [renewing] = useState(() => user?.isNew === false && !isAdmin(user));
  const current = useCurrentApplication(renewing);

  if (!user) return null;
  if (isAdmin(user)) {
    return (
      <>
        <PageHeader eyebrow="Membership" title="Membership Application" />
        <p className="mx-auto max-w-3xl px-4 py-14 text-stone-700 sm:px-6">
          {MEMBERSHIP_FORM_MESSAGES.adminCannotApply}.
        </p>
      </>
    );
  }
  if (renewing && !current.data) {
    return (
      <>
        <PageHeader eyebrow="Membership" title="Membership Application" />
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
          {current.isError ? (
            <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
              <p className="font-semibold text-red-800">{PROFILE_MESSAGES.loadFailed}</p>
              <button
                type="button"
                onClick={() => current.refetch()}
                className={buttonClasses({ variant: 'secondary', className: 'mt-4' })}
              >
                Try again
              </button>
            </div>
          ) : (
            <div aria-busy="true">
              <span className="sr-only" role="status">
                Loading your details…
              </span>
              <Skeleton className="h-10 rounded-xl" />
              <Skeleton className="mt-8 h-96 rounded-2xl" />
            </div>
          )}
        </div>
      </>
    );
  }
  return (
    <ApplicationForm
      user={user}
      renewing={renewing}
      start={current.data ? renewalStart(current.data) : newApplicationStart(readPreferredPackage())}
    />
  );
}

/**
 * The form itself. Next checks the step's fields before moving on; Back keeps everything. Success
 * says so and goes home after 1.5 s with the pending bell showing; a refusal puts the server's
 * message on its field (and opens that step); any other failure says 'Failed.' and keeps the form
 * as typed.
 */
function ApplicationForm({
  user,
  renewing,
  start: initialStart,
}: {
  user: SessionUser;
  renewing: boolean;
  start: ApplicationStart;
}) {
  const navigate = useNavigate();
  const submit = useSubmitMembershipForm();
  // Where the form started, kept as it was: later renders must not reset it.
  const [start] = useState(initialStart);
  const [stepIndex, setStepIndex] = useState(0);
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<'success' | 'failed' | null>(null);
  // Nothing is checked while it is typed until Next or Submit finds a mistake; from then on a field
  // is checked again as it changes, so a message goes as soon as the field is right.
  const [mistakeShown, setMistakeShown] = useState(false);
  const form = useForm<ApplicationFormValues, unknown, MembershipApplicationForm>({
    resolver,
    defaultValues: start.values,
    mode: mistakeShown ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    control,
    handleSubmit,
    trigger,
    setValue,
    getValues,
    setError,
    formState: { errors },
  } = form;
  const type = useWatch({ control, name: 'type' });
  const category = useWatch({ control, name: 'category' });
  const steps = stepsOf(type);
  const step = steps[stepIndex] ?? 'Membership Type';
  const isLastStep = stepIndex === steps.length - 1;

  // Success: home after the delay of spec 000 §9, the pending bell already on.
  useEffect(() => {
    if (outcome !== 'success') return;
    const timer = setTimeout(() => navigate(paths.home), DELAYS_MS.formSubmitRedirect);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const chooseType = (next: 'individual' | 'company') => {
    setValue('type', next, { shouldValidate: Boolean(errors.type) });
    if (next === 'individual') {
      // spec 000 §4: choosing individual sets the category Individual; individuals name no one.
      setValue('category', 'Individual');
      setValue('representatives', []);
    } else {
      if (getValues('category') === 'Individual') setValue('category', '');
      if (getValues('representatives').length === 0) {
        setValue('representatives', [emptyRepresentativeRow(addedRepresentativeType([]))]);
      }
    }
  };

  const goNext = async () => {
    if (!(await trigger(STEP_FIELDS[step], { shouldFocus: true }))) {
      setMistakeShown(true);
      return;
    }
    setStepIndex((index) => Math.min(index + 1, steps.length - 1));
    window.scrollTo({ top: 0 });
  };

  const goBack = () => {
    setStepIndex((index) => Math.max(index - 1, 0));
    window.scrollTo({ top: 0 });
  };

  const onSubmit = handleSubmit(
    (application) => {
      setPictureError(undefined);
      const representativePhotos = getValues('representatives').map((representative) => representative.photo);
      submit.mutate(
        { user, form: application, picture, representativePhotos, currentAddress: start.currentAddress },
        {
          onSuccess: (profile) => {
            startSession(profile);
            try {
              localStorage.removeItem(PREFERRED_PACKAGE_KEY);
            } catch {
              // The choice only prefills the form; nothing depends on removing it.
            }
            setOutcome('success');
          },
          onError: (error) => showRefusal(serverFieldErrors(error)),
        },
      );
    },
    // A field of an earlier step that is still wrong: open that step, where its message shows.
    (fieldErrors) => {
      setMistakeShown(true);
      const first = Object.keys(fieldErrors)[0];
      if (first) setStepIndex(Math.max(0, steps.indexOf(stepOfField(first))));
    },
  );

  /** Puts each server message on its field, opens the first one's step; 'Failed.' when none fits. */
  function showRefusal(messages: Record<string, string>) {
    let firstStep: StepName | null = null;
    for (const [name, message] of Object.entries(messages)) {
      const photo = /^representatives\.(\d+)\.avatar$/.exec(name);
      // A representative that is no longer the company's (removed in another tab): said on the list.
      const field =
        name === 'membershipData.category' || name === 'membershipData'
          ? 'category'
          : /^representatives\.\d+\.id$/.test(name)
            ? 'representatives'
            : name;
      if (name === 'noticeVersion') {
        // An outdated or missing notice version: said on the notice's box.
        setError('acceptNotice', { type: 'server', message });
        firstStep ??= 'Submit';
        continue;
      }
      if (photo) {
        setError(`representatives.${Number(photo[1])}.photo`, { type: 'server', message });
      } else if (field === 'logo' || field === 'avatar') {
        setPictureError(message);
      } else if (stepOfField(field) !== 'Submit') {
        setError(field as FieldPath<ApplicationFormValues>, { type: 'server', message });
      } else {
        continue;
      }
      firstStep ??= photo ? 'Representatives' : stepOfField(field);
    }
    if (firstStep === null) {
      setOutcome('failed');
      return;
    }
    setStepIndex(Math.max(0, steps.indexOf(firstStep)));
  }

  const values = getValues();
  const fee = MEMBERSHIP_FEES[category as keyof typeof MEMBERSHIP_FEES];

  return (
    <>
      <PageHeader
        eyebrow="Membership"
        title="Membership Application"
        intro={
          renewing
            ? `Your details as ${siteConfig.acronym} has them. Change what is no longer right, then send the form again.`
            : `Tell us about yourself or your company to apply for membership of ${siteConfig.acronym}.`
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <StepIndicator steps={steps} current={stepIndex} />
        <FormProvider {...form}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (isLastStep) void onSubmit(event);
              else void goNext();
            }}
            className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
          >
            <h2 className="font-display font-semibold text-2xl text-stone-900">{step}</h2>
            <div className="mt-6">
              {step === 'Membership Type' && (
                <div className="space-y-6">
                  <fieldset>
                    <legend className="font-medium text-sm text-stone-800">I am applying as *</legend>
                    <div className="mt-2 grid gap-3 sm:grid-cols-2">
                      {(
                        [
                          { value: 'individual', label: 'An individual', Icon: UserRound },
                          { value: 'company', label: 'A company', Icon: Building2 },
                        ] as const
                      ).map(({ value, label, Icon }) => (
                        <label
                          key={value}
                          className={`flex cursor-pointer items-center gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
                            type === value
                              ? 'border-brand-600 bg-brand-50'
                              : 'border-stone-300 bg-white hover:border-stone-400'
                          }`}
                        >
                          <input
                            type="radio"
                            name="type"
                            value={value}
                            checked={type === value}
                            onChange={() => chooseType(value)}
                            aria-invalid={errors.type ? true : undefined}
                            className="size-4 accent-brand-700"
                          />
                          <Icon aria-hidden="true" className="size-5 text-brand-700" />
                          <span className="font-medium text-stone-900">{label}</span>
                        </label>
                      ))}
                    </div>
                    {errors.type?.message && (
                      <p className="mt-1.5 text-red-700 text-sm">{errors.type.message}</p>
                    )}
                  </fieldset>
                  {type === 'company' && (
                    <SelectField
                      label="Membership category *"
                      placeholder="Select a category"
                      error={errors.category?.message}
                      {...register('category')}
                    >
                      <option value="Regular">Regular</option>
                      <option value="Associate">Associate</option>
                    </SelectField>
                  )}
                  {type === 'individual' && (
                    <p className="text-sm text-stone-700">
                      Membership category: <strong>Individual</strong>
                    </p>
                  )}
                  {fee !== undefined && (
                    <p className="rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">
                      The annual fee for {category} membership is <strong>{formatPesos(fee)}</strong>, billed
                      for 12 months once your application is approved.
                    </p>
                  )}
                </div>
              )}

              {step === 'Personal Info' && (
                <div className="space-y-5">
                  <NameFieldset company={type === 'company'} />
                  <div className="grid gap-5 sm:grid-cols-2">
                    <TextField label="Username" value={user.username} readOnly />
                    <TextField label="Email" type="email" value={user.email ?? ''} readOnly />
                    <TextField
                      label="Phone"
                      type="tel"
                      autoComplete="tel"
                      error={errors.phone?.message}
                      {...register('phone')}
                    />
                    <TextField
                      label="Facsimile"
                      type="tel"
                      autoComplete="off"
                      error={errors.facsimile?.message}
                      {...register('facsimile')}
                    />
                  </div>
                  <AddressFieldset
                    legend={type === 'company' ? 'Company address' : 'Address'}
                    currentAddress={start.currentAddress}
                  />
                  <TextAreaField
                    label={type === 'company' ? 'About the company' : 'About you'}
                    rows={5}
                    error={errors.about?.message}
                    {...register('about')}
                  />
                  <BillingFieldset company={type === 'company'} />
                </div>
              )}

              {step === 'Representatives' && <RepresentativesEditor variant="form" category={category} />}

              {step === 'Submit' && (
                <div className="space-y-6">
                  <ImageField
                    label={type === 'company' ? 'Company logo' : 'Profile photo'}
                    currentImageUrl={start.currentPicture}
                    description="Optional. JPEG, PNG, GIF or WebP up to 5 MB."
                    error={pictureError}
                    onChange={(file) => {
                      setPicture(file);
                      setPictureError(undefined);
                    }}
                  />
                  <SummaryPanels values={values} fee={fee} currentAddress={start.currentAddress} />
                  <ConsentFields
                    register={register}
                    errors={errors}
                    hint={renewing ? PRIVACY_MESSAGES.applicationOptionalHint : undefined}
                  />
                </div>
              )}
            </div>

            <div className="mt-8 flex flex-wrap items-center justify-between gap-3 border-stone-200 border-t pt-6">
              {stepIndex > 0 ? (
                <button
                  type="button"
                  onClick={goBack}
                  disabled={submit.isPending}
                  className={buttonClasses({ variant: 'secondary' })}
                >
                  Back
                </button>
              ) : (
                <span />
              )}
              <button
                type="submit"
                disabled={submit.isPending || outcome === 'success'}
                className={buttonClasses({ variant: isLastStep ? 'accent' : 'primary' })}
              >
                {isLastStep ? (submit.isPending ? 'Submitting…' : 'Submit Application') : 'Next'}
              </button>
            </div>
          </form>
        </FormProvider>
      </div>

      <MessageModal
        open={outcome === 'success'}
        onClose={() => navigate(paths.home)}
        variant="success"
        title="Update Successful!"
        text="You will be redirected to the homepage shortly..."
      />
      <MessageModal
        open={outcome === 'failed'}
        onClose={() => setOutcome(null)}
        variant="error"
        title={MEMBERSHIP_FORM_MESSAGES.failed}
        text="Your application was not sent. Everything you typed is still in the form; please try again."
      />
    </>
  );
}

/** The company's information panels on the last step: what will be sent, to check before sending. */
function SummaryPanels({
  values,
  fee,
  currentAddress,
}: {
  values: ApplicationFormValues;
  fee: number | undefined;
  currentAddress: string | null;
}) {
  const address = addressToSend(values, currentAddress);
  const panel = 'rounded-xl border border-stone-200 bg-stone-50/60 p-4 text-sm';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-labelledby="summary-membership" className={panel}>
        <h3 id="summary-membership" className="font-semibold text-stone-900">
          Membership
        </h3>
        <p className="mt-2 text-stone-700">
          {values.type === 'company' ? `${values.category} company member` : 'Individual member'}
        </p>
        {fee !== undefined && <p className="mt-1 text-stone-700">Annual fee {formatPesos(fee)}</p>}
      </section>
      <section aria-labelledby="summary-contact" className={panel}>
        <h3 id="summary-contact" className="font-semibold text-stone-900">
          Contact details
        </h3>
        <dl className="mt-2 space-y-1 text-stone-700">
          <div>
            <dt className="inline text-stone-500">Phone: </dt>
            <dd className="inline">{values.phone || '—'}</dd>
          </div>
          <div>
            <dt className="inline text-stone-500">Facsimile: </dt>
            <dd className="inline">{values.facsimile || '—'}</dd>
          </div>
          <div>
            <dt className="inline text-stone-500">Address: </dt>
            <dd className="inline [overflow-wrap:anywhere]">{address || '—'}</dd>
          </div>
        </dl>
      </section>
      {values.type === 'company' && (
        <section aria-labelledby="summary-representatives" className={`${panel} sm:col-span-2`}>
          <h3 id="summary-representatives" className="font-semibold text-stone-900">
            Representatives
          </h3>
          <ul className="mt-2 space-y-1 text-stone-700">
            {values.representatives.map((representative) => (
              <li key={`${representative.firstName} ${representative.lastName} ${representative.position}`}>
                {representative.firstName} {representative.lastName}
                {representative.position && `, ${representative.position}`} ·{' '}
                {representative.type === 'voting' ? 'Voting' : 'Non-voting'}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="summary-next" className={`${panel} sm:col-span-2`}>
        <h3 id="summary-next" className="font-semibold text-stone-900">
          What happens next
        </h3>
        <p className="mt-2 text-stone-700 leading-relaxed">
          The secretariat reviews your application and will be in touch about the fee. Until it is approved,
          your membership shows as pending.
        </p>
      </section>
    </div>
  );
}
