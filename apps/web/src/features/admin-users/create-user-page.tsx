import {
  buildAddress,
  COMPANY_CATEGORIES,
  CREATE_USER_MESSAGES,
  DELAYS_MS,
  defaultRepresentativeType,
  maxRepresentatives,
  REPRESENTATIVE_LIMITS,
} from '@portal/shared';
import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { type Control, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageField } from '@/components/ui/image-field';
import { MessageModal } from '@/components/ui/message-modal';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { type NewRepresentative, useCreateUser } from './api/create-user';

type FormValues = {
  type: '' | 'company' | 'individual';
  username: string;
  email: string;
  phone: string;
  facsimile: string;
  houseNo: string;
  street: string;
  city: string;
  postalCode: string;
  about: string;
  category: 'Regular' | 'Associate';
  representatives: Omit<NewRepresentative, 'avatar'>[];
};

const blankRepresentative = (index: number): Omit<NewRepresentative, 'avatar'> => ({
  firstName: '',
  lastName: '',
  preferredName: '',
  position: '',
  type: defaultRepresentativeType(index),
});

const emptyForm: FormValues = {
  type: '',
  username: '',
  email: '',
  phone: '',
  facsimile: '',
  houseNo: '',
  street: '',
  city: '',
  postalCode: '',
  about: '',
  category: 'Regular',
  representatives: [blankRepresentative(0)],
};

/**
 * /admin/users/create (spec 001 §2, §3, §5, §8): the secretariat registers a company or an
 * individual. Idle → creating (an overlay) → 'User Created!' for 2 seconds, then an empty form;
 * or 'Failed to create user', back to the form with everything kept. The form is remounted to
 * reset, so the pictures chosen go too.
 */
export function CreateUserPage() {
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <AdminPageHeader
        title="Create User"
        description="Register a company or an individual member. They receive an e-mail with a link to set their password."
        actions={
          <Link to={paths.adminUsers} className={buttonClasses({ variant: 'secondary' })}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Users
          </Link>
        }
      />
      <CreateUserForm key={generation} onReset={() => setGeneration((value) => value + 1)} />
    </>
  );
}

function CreateUserForm({ onReset }: { onReset: () => void }) {
  const createUser = useCreateUser();
  const [created, setCreated] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [picture, setPicture] = useState<File | null>(null);
  const [repAvatars, setRepAvatars] = useState<(File | null)[]>([null]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: emptyForm });
  const representatives = useFieldArray({ control, name: 'representatives' });
  const [type, category] = useWatch({ control, name: ['type', 'category'] });
  const maxReps = maxRepresentatives(category);

  // spec 001 §2: 'User Created!' for 2 seconds, then the form resets.
  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(onReset, DELAYS_MS.successNotice);
    return () => window.clearTimeout(timer);
  }, [created, onReset]);

  const onSubmit = handleSubmit((values) => {
    // spec 001 §5: nothing is sent without type, username and e-mail.
    if (!values.type || !values.username.trim() || !values.email.trim()) {
      setMessage(CREATE_USER_MESSAGES.missingFields);
      return;
    }
    const { houseNo, street, city, postalCode, category: chosen, ...fields } = values;
    createUser.mutate(
      {
        ...fields,
        type: values.type,
        address: buildAddress({ houseNo, street, city, postalCode }),
        category: values.type === 'individual' ? 'Individual' : chosen,
        picture,
        representatives: values.representatives.map((representative, index) => ({
          ...representative,
          avatar: repAvatars[index] ?? null,
        })),
      },
      {
        onSuccess: () => setCreated(true),
        onError: (error) => {
          applyServerFieldErrors(serverFieldErrors(error), setError, Object.keys(emptyForm));
          setMessage(CREATE_USER_MESSAGES.failed);
        },
      },
    );
  });

  const addRepresentative = () => {
    representatives.append(blankRepresentative(representatives.fields.length));
    setRepAvatars((current) => [...current, null]);
  };
  const removeRepresentative = (index: number) => {
    representatives.remove(index);
    setRepAvatars((current) => current.filter((_, position) => position !== index));
  };

  return (
    <form noValidate onSubmit={onSubmit} className="relative space-y-6" aria-busy={createUser.isPending}>
      <Section title="Account">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label="Type *" placeholder="Select a type" {...register('type')}>
            <option value="company">Company</option>
            <option value="individual">Individual</option>
          </SelectField>
          {type === 'company' ? (
            <SelectField label="Category *" {...register('category')}>
              {COMPANY_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </SelectField>
          ) : (
            <TextField label="Category" value={type === 'individual' ? 'Individual' : ''} readOnly />
          )}
          <TextField
            label="Username *"
            autoComplete="off"
            error={errors.username?.message}
            {...register('username')}
          />
          <TextField
            label="Email *"
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField label="Phone" type="tel" error={errors.phone?.message} {...register('phone')} />
          <TextField
            label="Facsimile"
            type="tel"
            error={errors.facsimile?.message}
            {...register('facsimile')}
          />
        </div>
      </Section>

      <Section title="Address">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="House / unit no." {...register('houseNo')} />
          <TextField label="Street" {...register('street')} />
          <TextField label="City" {...register('city')} />
          <TextField label="Postal code" inputMode="numeric" {...register('postalCode')} />
        </div>
      </Section>

      <Section title={type === 'company' ? 'Company information' : 'About'}>
        <div className="space-y-5">
          <TextAreaField label="About" rows={4} error={errors.about?.message} {...register('about')} />
          <ImageField label={type === 'company' ? 'Logo' : 'Avatar'} onChange={setPicture} />
        </div>
      </Section>

      {type === 'company' && (
        <Section
          title="Representatives"
          aside={`${representatives.fields.length} of ${maxReps} · ${category} members may have up to ${maxReps}`}
        >
          {(errors.representatives?.message ?? errors.representatives?.root?.message) && (
            <p role="alert" className="mb-4 text-red-700 text-sm">
              {errors.representatives?.message ?? errors.representatives?.root?.message}
            </p>
          )}
          <ol className="space-y-5">
            {representatives.fields.map((field, index) => (
              <li key={field.id} className="rounded-xl border border-stone-200 p-4 sm:p-5">
                <div className="mb-4 flex items-center justify-between gap-3">
                  <h3 className="font-semibold text-stone-900">Representative {index + 1}</h3>
                  {/* spec 001 §2: at least one remains; the remove button only when there are more. */}
                  {representatives.fields.length > REPRESENTATIVE_LIMITS.minimum && (
                    <button
                      type="button"
                      onClick={() => removeRepresentative(index)}
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove
                    </button>
                  )}
                </div>
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField
                    label="First name *"
                    error={errors.representatives?.[index]?.firstName?.message}
                    {...register(`representatives.${index}.firstName`)}
                  />
                  <TextField
                    label="Last name *"
                    error={errors.representatives?.[index]?.lastName?.message}
                    {...register(`representatives.${index}.lastName`)}
                  />
                  <TextField label="Preferred name" {...register(`representatives.${index}.preferredName`)} />
                  <TextField label="Position" {...register(`representatives.${index}.position`)} />
                  <VotingSelect control={control} index={index} register={register} />
                  <ImageField
                    label="Photo"
                    onChange={(file) =>
                      setRepAvatars((current) =>
                        current.map((avatar, position) => (position === index ? file : avatar)),
                      )
                    }
                  />
                </div>
              </li>
            ))}
          </ol>
          {representatives.fields.length < maxReps && (
            <button
              type="button"
              onClick={addRepresentative}
              className={buttonClasses({ variant: 'secondary', className: 'mt-5' })}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add Representative
            </button>
          )}
        </Section>
      )}

      <div className="flex justify-end gap-3">
        <Link to={paths.adminUsers} className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </Link>
        <button
          type="submit"
          className={buttonClasses({ variant: 'primary' })}
          disabled={createUser.isPending}
        >
          Create User
        </button>
      </div>

      {(createUser.isPending || created) && (
        <div
          role="status"
          className="fixed inset-0 z-40 flex items-center justify-center bg-stone-950/40 backdrop-blur-[2px]"
        >
          <p className="rounded-2xl bg-white px-8 py-6 font-display font-semibold text-stone-900 text-xl shadow-2xl">
            {created ? CREATE_USER_MESSAGES.created : 'Creating user…'}
          </p>
        </div>
      )}
      <MessageModal
        open={message !== null}
        variant="error"
        title={message ?? ''}
        text={
          message === CREATE_USER_MESSAGES.missingFields
            ? 'Type, username and email are required.'
            : 'Please check the form and try again.'
        }
        onClose={() => setMessage(null)}
      />
    </form>
  );
}

/**
 * spec 000 §5: one voting representative; the voting option is disabled on the others while one
 * is voting.
 */
function VotingSelect({
  control,
  index,
  register,
}: {
  control: Control<FormValues>;
  index: number;
  register: ReturnType<typeof useForm<FormValues>>['register'];
}) {
  const all = useWatch({ control, name: 'representatives' });
  const votingElsewhere = all.some(
    (representative, position) => position !== index && representative.type === 'voting',
  );
  return (
    <SelectField label="Type" {...register(`representatives.${index}.type`)}>
      <option value="voting" disabled={votingElsewhere}>
        Voting
      </option>
      <option value="non-voting">Non-voting</option>
    </SelectField>
  );
}

function Section({ title, aside, children }: { title: string; aside?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-display font-semibold text-stone-900 text-xl">{title}</h2>
        {aside && <p className="text-sm text-stone-600">{aside}</p>}
      </div>
      {children}
    </section>
  );
}
