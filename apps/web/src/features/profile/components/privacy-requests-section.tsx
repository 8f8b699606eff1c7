import {
  CORRECTION_FIELD_LABELS,
  CORRECTION_FIELDS,
  type CorrectionField,
  ERASURE_ERASED_SUMMARY,
  ERASURE_KEPT_ITEM_KINDS,
  ERASURE_KEPT_ITEMS,
  formatDate,
  type MyPrivacyRequest,
  PRIVACY_REQUEST_MESSAGES,
  PRIVACY_REQUEST_TEXT_MAX_CHARS,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogFooter, DialogPanel } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { Skeleton } from '@/components/ui/skeleton';
import { TextAreaField } from '@/components/ui/text-area-field';
import { ApiError } from '@/lib/api-client';
import { useStaffRoles } from '@/lib/staff-access';
import { useMyPrivacyRequests, useRequestCorrection, useRequestErasure } from '../api/privacy-requests';

type Notify = (notice: { variant: 'success' | 'error'; title: string; text: string }) => void;

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.error : 'Something went wrong. Please try again.';

const M = PRIVACY_REQUEST_MESSAGES;

/**
 * The profile's "Correct my data" and "Delete my account" (docs/product-rules.md "Privacy",
 * docs/decisions/068): each a short form sent to the secretariat, who answer within 30 days; the
 * section then says what was asked and by when it is answered.
 */
export function PrivacyRequestsSection({ notify }: { notify: Notify }) {
  const requests = useMyPrivacyRequests();
  const [dialog, setDialog] = useState<'erasure' | 'correction' | null>(null);
  const isStaff = useStaffRoles().length > 0;

  if (requests.isPending) return <Skeleton className="h-40 w-full" />;
  const mine = requests.data ?? [];
  const openErasure = mine.find((request) => request.kind === 'erasure' && request.status === 'open');
  const lastErasure = mine.find((request) => request.kind === 'erasure');
  const openCorrections = mine.filter(
    (request) => request.kind === 'correction' && request.status === 'open',
  );

  return (
    <div className="grid gap-10 md:grid-cols-2">
      <section aria-labelledby="correct-my-data" className="space-y-3">
        <h3 id="correct-my-data" className="font-semibold text-stone-900">
          {M.correctTitle}
        </h3>
        <p className="text-sm text-stone-700">{M.correctIntro}</p>
        {openCorrections.map((request) => (
          <p key={request.id} className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700">
            {M.requestedCorrection(formatDate(request.requestedAt), formatDate(request.dueOn))}
          </p>
        ))}
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary' })}
          onClick={() => setDialog('correction')}
        >
          {M.correctTitle}
        </button>
      </section>

      <section aria-labelledby="delete-my-account" className="space-y-3">
        <h3 id="delete-my-account" className="font-semibold text-stone-900">
          {M.closeTitle}
        </h3>
        <p className="text-sm text-stone-700">{M.closeIntro}</p>
        {openErasure ? (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm">
            {M.requestedErasure(formatDate(openErasure.requestedAt), formatDate(openErasure.dueOn))}
          </p>
        ) : (
          <>
            {lastErasure?.status === 'rejected' && (
              <p className="rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700">
                {M.rejectedErasure(formatDate(lastErasure.resolvedAt), lastErasure.answer ?? '')}
              </p>
            )}
            {isStaff ? (
              <p className="text-sm text-stone-600">{M.staffRefused}</p>
            ) : (
              <button
                type="button"
                className={buttonClasses({ variant: 'danger' })}
                onClick={() => setDialog('erasure')}
              >
                {M.closeTitle}
              </button>
            )}
          </>
        )}
      </section>

      {dialog === 'erasure' && (
        <ErasureDialog
          onClose={() => setDialog(null)}
          onSent={() => {
            setDialog(null);
            notify({ variant: 'success', title: 'Request Sent', text: M.sent });
          }}
        />
      )}
      {dialog === 'correction' && (
        <CorrectionDialog
          onClose={() => setDialog(null)}
          onSent={() => {
            setDialog(null);
            notify({ variant: 'success', title: 'Request Sent', text: M.sent });
          }}
        />
      )}
    </div>
  );
}

function ErasureDialog({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (request: MyPrivacyRequest) => void;
}) {
  const erasure = useRequestErasure();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <RequestDialog
      title={M.closeTitle}
      text={M.closeIntro}
      confirmLabel={M.askErasure}
      tone="danger"
      pending={erasure.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!reason.trim()) return setError(M.reasonRequired);
        erasure.mutate(
          { reason: reason.trim() },
          { onSuccess: onSent, onError: (failure) => setError(failureText(failure)) },
        );
      }}
    >
      <div className="space-y-4 text-sm text-stone-700">
        <div>
          <h3 className="font-semibold text-stone-900">{M.erasedHeading}</h3>
          <p className="mt-1">{ERASURE_ERASED_SUMMARY}</p>
        </div>
        <div>
          <h3 className="font-semibold text-stone-900">{M.keptHeading}</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {ERASURE_KEPT_ITEM_KINDS.map((kind) => (
              <li key={kind}>
                <span className="font-medium">{ERASURE_KEPT_ITEMS[kind].label}</span>:{' '}
                {ERASURE_KEPT_ITEMS[kind].why}.
              </li>
            ))}
          </ul>
        </div>
        <TextAreaField
          label={`${M.reasonLabel} *`}
          rows={3}
          maxLength={PRIVACY_REQUEST_TEXT_MAX_CHARS}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </div>
    </RequestDialog>
  );
}

function CorrectionDialog({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (request: MyPrivacyRequest) => void;
}) {
  const correction = useRequestCorrection();
  const [field, setField] = useState<CorrectionField | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ field?: string; details?: string }>({});
  return (
    <RequestDialog
      title={M.correctTitle}
      text={M.correctIntro}
      confirmLabel={M.askCorrection}
      pending={correction.isPending}
      onCancel={onClose}
      onConfirm={() => {
        const problems = {
          field: field ? undefined : M.fieldRequired,
          details: details.trim() ? undefined : M.detailsRequired,
        };
        setErrors(problems);
        if (!field || problems.details) return;
        correction.mutate(
          { field, details: details.trim() },
          { onSuccess: onSent, onError: (failure) => setErrors({ details: failureText(failure) }) },
        );
      }}
    >
      <div className="space-y-4">
        <SelectField
          label={`${M.fieldLabel} *`}
          placeholder="Choose what is wrong"
          value={field}
          error={errors.field}
          onChange={(event) => {
            setField(event.target.value as CorrectionField | '');
            setErrors((current) => ({ ...current, field: undefined }));
          }}
        >
          {CORRECTION_FIELDS.map((option) => (
            <option key={option} value={option}>
              {CORRECTION_FIELD_LABELS[option]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={`${M.detailsLabel} *`}
          rows={4}
          maxLength={PRIVACY_REQUEST_TEXT_MAX_CHARS}
          value={details}
          error={errors.details}
          onChange={(event) => {
            setDetails(event.target.value);
            setErrors((current) => ({ ...current, details: undefined }));
          }}
        />
      </div>
    </RequestDialog>
  );
}

/**
 * A request's form in a wide dialog: what it means above, the fields, and its buttons kept at the
 * bottom while a phone scrolls the text (the erasure's consequences are long).
 */
function RequestDialog({
  title,
  text,
  confirmLabel,
  tone = 'default',
  pending,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  tone?: 'default' | 'danger';
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogPanel size="wide">
        <Dialog.Title className="font-display font-semibold text-stone-900 text-xl">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-stone-600 leading-relaxed">{text}</Dialog.Description>
        <form
          className="mt-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <div className="pb-6">{children}</div>
          <DialogFooter>
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={pending}>
              Cancel
            </Dialog.Close>
            <button
              type="submit"
              className={buttonClasses({ variant: tone === 'danger' ? 'danger' : 'primary' })}
              disabled={pending}
            >
              {confirmLabel}
            </button>
          </DialogFooter>
        </form>
      </DialogPanel>
    </Dialog.Root>
  );
}
