import {
  defaultRepresentativeType,
  REPRESENTATIVE_EDITOR_MESSAGES as MESSAGES,
  maxRepresentatives,
  PROFILE_MESSAGES,
  type Representative,
  representativeRuleProblem,
  type UserData,
} from '@portal/shared';
import { ArrowLeft, Pencil, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Navigate, useBlocker, useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MessageModal } from '@/components/ui/message-modal';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useUserData } from './api/get-user-data';
import { useUpdateRepresentatives } from './api/update-representatives';
import { ProfilePicture } from './components/profile-picture';
import { RepresentativeForm } from './components/representative-form';
import {
  type DraftRepresentative,
  draftName,
  hasChanges,
  newDraft,
  toDraft,
  toRepsData,
} from './components/representatives-draft';

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
          <RepresentativesEditor userData={query.data} />
        )}
      </div>
    </div>
  );
}

function RepresentativesEditor({ userData }: { userData: UserData }) {
  const navigate = useNavigate();
  const save = useUpdateRepresentatives();
  const [saved, setSaved] = useState<Representative[]>(userData.companyReps);
  const [drafts, setDrafts] = useState<DraftRepresentative[]>(() => userData.companyReps.map(toDraft));
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<DraftRepresentative | null>(null);
  const [confirming, setConfirming] = useState<'save' | 'discard' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // The limits follow the company's category: its newest membership's
  // (docs/product-rules.md "Representatives").
  const category = userData.membershipData[0]?.category ?? 'Associate';
  const max = maxRepresentatives(category);
  const kept = drafts.filter((draft) => !draft.isDeleted);
  const changed = hasChanges(drafts, saved);
  const problem = representativeRuleProblem(category, kept);
  const canSave = changed && editingKey === null && problem === null && !save.isPending;

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

  const replace = (next: DraftRepresentative) =>
    setDrafts((list) => list.map((draft) => (draft.key === next.key ? next : draft)));
  const votingTakenFor = (key: string) => kept.some((draft) => draft.key !== key && draft.type === 'voting');

  const add = () => {
    // The first is voting, added ones non-voting (spec 000 §5); voting only if nobody holds it.
    const type = kept.some((draft) => draft.type === 'voting') ? 'non-voting' : defaultRepresentativeType(0);
    const draft = newDraft(type);
    setDrafts((list) => [...list, draft]);
    setEditingKey(draft.key);
  };

  const cancelEdit = (draft: DraftRepresentative) => {
    // An added one that was never completed goes away again.
    if (!draft.id && !draft.firstName) setDrafts((list) => list.filter((item) => item.key !== draft.key));
    setEditingKey(null);
  };

  const saveAll = () =>
    save.mutate(toRepsData(drafts), {
      onSuccess: (representatives) => {
        setSaved(representatives);
        setDrafts(representatives.map(toDraft));
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

  return (
    <>
      <p className="mt-2 text-stone-700">
        {category} members may name up to {max} representatives, one of them voting. Changes are kept here
        until you choose Save All.
      </p>

      <ul className="mt-8 space-y-4">
        {drafts.map((draft) => (
          <li key={draft.key}>
            {editingKey === draft.key ? (
              <RepresentativeForm
                draft={draft}
                votingTaken={votingTakenFor(draft.key)}
                onDone={(next) => {
                  replace(next);
                  setEditingKey(null);
                }}
                onCancel={() => cancelEdit(draft)}
                onImageFailed={(name) =>
                  setNotice({
                    variant: 'error',
                    title: MESSAGES.imageProcessingTitle,
                    text: MESSAGES.imageProcessing(name),
                  })
                }
              />
            ) : (
              <RepresentativeRow
                draft={draft}
                disabled={editingKey !== null || save.isPending}
                onEdit={() => setEditingKey(draft.key)}
                onDelete={() => setToDelete(draft)}
                onRestore={() => replace({ ...draft, isDeleted: false })}
              />
            )}
          </li>
        ))}
      </ul>

      {problem && (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-amber-900 text-sm">
          {problem}
        </p>
      )}

      <button
        type="button"
        onClick={add}
        disabled={editingKey !== null || kept.length >= max || save.isPending}
        className={buttonClasses({ variant: 'secondary', className: 'mt-6' })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add Representative
      </button>
      {kept.length >= max && (
        <p className="mt-2 text-sm text-stone-600">The limit of {max} representatives is reached.</p>
      )}

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
        open={toDelete !== null}
        title="Delete Representative"
        text={`Remove ${toDelete ? draftName(toDelete) : ''} from your representatives? You can restore them until you save.`}
        confirmLabel="Delete"
        tone="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) {
            // One added in this visit and not saved yet simply goes.
            if (toDelete.id) replace({ ...toDelete, isDeleted: true });
            else setDrafts((list) => list.filter((draft) => draft.key !== toDelete.key));
          }
          setToDelete(null);
        }}
      />
      <ConfirmDialog
        open={confirming === 'save'}
        title="Save All Changes"
        text="Save every change to your company representatives? Deleted representatives are removed for good."
        confirmLabel="Save All"
        pending={save.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={saveAll}
      />
      <ConfirmDialog
        open={confirming === 'discard'}
        title="Discard Changes"
        text="Discard every change since the last save? Your representatives stay as they were."
        confirmLabel="Discard Changes"
        tone="danger"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setDrafts(saved.map(toDraft));
          setEditingKey(null);
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

const TYPE_LABELS = { voting: 'Voting', 'non-voting': 'Non-voting' } as const;

function RepresentativeRow({
  draft,
  disabled,
  onEdit,
  onDelete,
  onRestore,
}: {
  draft: DraftRepresentative;
  disabled: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onRestore: () => void;
}) {
  const name = draftName(draft);
  return (
    <div
      className={`flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center ${
        draft.isDeleted
          ? 'border-stone-200 border-dashed bg-stone-100'
          : 'border-stone-200 bg-white shadow-sm'
      }`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        {/* A deleted one is faded by its picture only: faded text would be too pale to read. */}
        <ProfilePicture
          src={draft.avatarUrl}
          name={name}
          className={`size-14 shrink-0 rounded-full ${draft.isDeleted ? 'opacity-50 grayscale' : ''}`}
        />
        <div className="min-w-0">
          <p
            className={`font-semibold [overflow-wrap:anywhere] ${draft.isDeleted ? 'text-stone-600' : 'text-stone-900'}`}
          >
            <span data-representative-name="" className={draft.isDeleted ? 'line-through' : ''}>
              {name}
            </span>
            {draft.isDeleted && (
              <span className="ml-2 inline-block font-medium text-red-700 text-xs">
                (deleted when you save)
              </span>
            )}
          </p>
          <p className="text-sm text-stone-600">
            {[draft.position, draft.type ? TYPE_LABELS[draft.type] : 'Other'].filter(Boolean).join(' · ')}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        {draft.isDeleted ? (
          <button
            type="button"
            onClick={onRestore}
            disabled={disabled}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Restore <span className="sr-only">{name}</span>
          </button>
        ) : (
          <>
            <button
              type="button"
              onClick={onEdit}
              disabled={disabled}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit <span className="sr-only">{name}</span>
            </button>
            <button
              type="button"
              onClick={onDelete}
              disabled={disabled}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'text-red-700' })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete <span className="sr-only">{name}</span>
            </button>
          </>
        )}
      </div>
    </div>
  );
}
