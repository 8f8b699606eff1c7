import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPRESENTATIVE_EDITOR_MESSAGES as MESSAGES,
  PROFILE_MESSAGES,
  type Representative,
  type RepresentativeInput,
  representativeFieldsSchema,
  representativeRuleProblem,
  type UserData,
} from '@portal/shared';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useBlocker, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  type RepresentativeRow,
  type RepresentativesFormValues,
  representativeRowName,
  representativeRowOf,
} from '@/components/forms/representative-row';
import { RepresentativesEditor } from '@/components/forms/representatives-editor';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MessageModal } from '@/components/ui/message-modal';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useUserData } from './api/get-user-data';
import { useUpdateRepresentatives } from './api/update-representatives';

type Notice = { variant: 'success' | 'error'; title: string; text: string; afterClose?: () => void };

/** The server's refusal in the words of spec 000 §8: a photo's problem, else 'Update Failed'. */
function failureNotice(error: unknown): Notice {
  if (error instanceof ApiError) {
    if (error.code === 'invalid_image_type' || error.code === 'file_too_large') {
      return { variant: 'error', title: MESSAGES.invalidImage, text: error.error };
    }
    if (error.code === 'image_processing_error') {
      return { variant: 'error', title: MESSAGES.imageProcessingTitle, text: error.error };
    }
  }
  return { variant: 'error', title: MESSAGES.updateFailedTitle, text: MESSAGES.updateFailed };
}

/**
 * /profile/representatives: the company representatives editor (spec 000 §2,
 * docs/product-rules.md "Representatives").
 */
export function RepresentativesEditorPage() {
  const query = useUserData();
  return (
    <div className="bg-stone-50 pt-24 pb-16 sm:pt-28">
      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.profile}
          className="inline-flex items-center gap-1.5 font-semibold text-brand-700 text-sm hover:text-brand-800"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Profile
        </Link>
        <h1 className="mt-4 font-display font-semibold text-3xl text-stone-900">Company Representatives</h1>
        {query.isPending ? (
          <div className="mt-8 space-y-4" aria-busy="true">
            <Skeleton className="h-24 rounded-2xl" />
            <Skeleton className="h-24 rounded-2xl" />
          </div>
        ) : query.isError ? (
          <p
            role="alert"
            className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-8 text-center text-red-800"
          >
            {PROFILE_MESSAGES.loadFailed}
          </p>
        ) : query.data.data.type !== 'company' ? (
          <Navigate to={paths.profile} replace />
        ) : (
          <CompanyRepresentativesForm userData={query.data} />
        )}
      </div>
    </div>
  );
}

// Done checks the open row's fields with the shared schema; the list rules are checked as they stand.
const resolver = zodResolver(
  z.object({ representatives: z.array(representativeFieldsSchema) }),
) as unknown as Resolver<RepresentativesFormValues>;

const rowsOf = (representatives: readonly Representative[]) =>
  representatives.map((representative) => representativeRowOf(representative));

/** Whether the rows differ from the saved list: anything edited, deleted, added, or a photo changed. */
function hasChanges(rows: readonly RepresentativeRow[], saved: readonly Representative[]): boolean {
  const comparable = (row: RepresentativeRow | undefined) =>
    JSON.stringify({ ...row, photo: Boolean(row?.photo) });
  const before = rowsOf(saved);
  return (
    rows.length !== before.length || rows.some((row, index) => comparable(row) !== comparable(before[index]))
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(reader.error));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A new photo that could not be read: spec 000 §8's 'Image Processing Error', with the name. */
class PhotoReadError extends Error {
  constructor(readonly representative: string) {
    super(MESSAGES.imageProcessing(representative));
  }
}

/**
 * The body of PUT /reps/update-reps (spec 000 §3, §7): every representative, the deleted ones
 * flagged, a new photo as a data-URL with hasNewAvatar, a removed one as avatarUrl null.
 */
function toRepsData(rows: readonly RepresentativeRow[]): Promise<RepresentativeInput[]> {
  return Promise.all(
    rows
      // One added and deleted again before saving never existed for the server.
      .filter((row) => row.id || !row.isDeleted)
      .map(async (row) => {
        let avatarUrl = row.removePhoto ? null : row.avatarUrl;
        const hasNewAvatar = Boolean(row.photo) && !row.removePhoto;
        if (row.photo && hasNewAvatar) {
          avatarUrl = await readAsDataUrl(row.photo).catch(() => {
            throw new PhotoReadError(representativeRowName(row));
          });
        }
        return {
          id: row.id || undefined,
          firstName: row.firstName,
          lastName: row.lastName,
          preferredName: row.preferredName || null,
          position: row.position || null,
          email: row.email || null,
          type: row.type === 'voting' || row.type === 'non-voting' ? row.type : null,
          avatarUrl,
          hasNewAvatar: hasNewAvatar || undefined,
          isDeleted: row.isDeleted || undefined,
        };
      }),
  );
}

function CompanyRepresentativesForm({ userData }: { userData: UserData }) {
  const navigate = useNavigate();
  const save = useUpdateRepresentatives();
  const [saved, setSaved] = useState<Representative[]>(userData.companyReps);
  const form = useForm<RepresentativesFormValues>({
    resolver,
    defaultValues: { representatives: rowsOf(userData.companyReps) },
  });
  const rows = useWatch({ control: form.control, name: 'representatives' });
  // Saving or discarding starts the editor afresh, with no row open.
  const [generation, setGeneration] = useState(0);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<'save' | 'discard' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // The limits follow the company's category: its newest membership's
  // (docs/product-rules.md "Representatives").
  const category = userData.membershipData[0]?.category ?? 'Associate';
  const changed = hasChanges(rows, saved);
  const problem = representativeRuleProblem(
    category,
    rows.filter((row) => !row.isDeleted),
  );
  const canSave = changed && !editing && problem === null && !save.isPending;

  // spec 000 §2: leaving with unsaved changes asks first, in the app and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => changed && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  const startAfresh = (representatives: readonly Representative[]) => {
    form.reset({ representatives: rowsOf(representatives) });
    setEditing(false);
    setGeneration((value) => value + 1);
  };

  const saveAll = async () => {
    let repsData: RepresentativeInput[];
    try {
      repsData = await toRepsData(form.getValues('representatives'));
    } catch (error) {
      setConfirming(null);
      if (!(error instanceof PhotoReadError)) throw error;
      setNotice({ variant: 'error', title: MESSAGES.imageProcessingTitle, text: error.message });
      return;
    }
    save.mutate(repsData, {
      onSuccess: (representatives) => {
        setSaved(representatives);
        startAfresh(representatives);
        setConfirming(null);
        setNotice({
          variant: 'success',
          title: 'Changes Saved',
          text: MESSAGES.updated,
          afterClose: () => navigate(paths.profile),
        });
      },
      onError: (error) => {
        setConfirming(null);
        setNotice(failureNotice(error));
      },
    });
  };

  return (
    <>
      <p className="mt-2 text-stone-700">Changes are kept here until you choose Save All.</p>

      <div className="mt-6">
        <FormProvider {...form}>
          <RepresentativesEditor
            key={generation}
            variant="drafts"
            category={category}
            problem={problem}
            disabled={save.isPending}
            onEditingChange={setEditing}
          />
        </FormProvider>
      </div>

      <div className="mt-10 flex flex-col-reverse gap-3 border-stone-200 border-t pt-6 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => setConfirming('discard')}
          disabled={!changed || save.isPending}
          className={buttonClasses({ variant: 'secondary' })}
        >
          Discard Changes
        </button>
        <button
          type="button"
          onClick={() => setConfirming('save')}
          disabled={!canSave}
          className={buttonClasses({ variant: 'primary' })}
        >
          {save.isPending ? 'Saving…' : 'Save All'}
        </button>
      </div>

      <ConfirmDialog
        open={confirming === 'save'}
        title="Save All Changes"
        text="Save every change to your company representatives? Deleted representatives are removed for good."
        confirmLabel="Save All"
        pending={save.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void saveAll()}
      />
      <ConfirmDialog
        open={confirming === 'discard'}
        title="Discard Changes"
        text="Discard every change since the last save? Your representatives stay as they were."
        confirmLabel="Discard Changes"
        tone="danger"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          startAfresh(saved);
          setConfirming(null);
        }}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Unsaved Changes"
        text="You have unsaved changes to your representatives. Leave this page without saving them?"
        confirmLabel="Leave Without Saving"
        cancelLabel="Stay"
        tone="danger"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
      <MessageModal
        open={notice !== null}
        variant={notice?.variant ?? 'success'}
        title={notice?.title ?? ''}
        text={notice?.text ?? ''}
        onClose={() => {
          const afterClose = notice?.afterClose;
          setNotice(null);
          afterClose?.();
        }}
      />
    </>
  );
}
