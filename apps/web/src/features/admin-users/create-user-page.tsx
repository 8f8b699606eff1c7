import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCreateUserForm,
  type AdminUser,
  addedRepresentativeType,
  adminCreateUserFormSchema,
  buildAddress,
  COMPANY_CATEGORIES,
  CREATE_USER_MESSAGES,
  DELAYS_MS,
} from '@portal/shared';
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { FormProvider, type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { AddressFieldset, type AddressFormValues, emptyAddress } from '@/components/forms/address-fieldset';
import { BillingFieldset, type BillingFormValues } from '@/components/forms/billing-fieldset';
import { EMPTY_NAME_VALUES, NameFieldset, type NameFormValues } from '@/components/forms/name-fieldset';
import {
  emptyRepresentativeRow,
  type RepresentativesFormValues,
} from '@/components/forms/representative-row';
import { RepresentativesEditor } from '@/components/forms/representatives-editor';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageField } from '@/components/ui/image-field';
import { MessageModal } from '@/components/ui/message-modal';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useCreateUser } from './api/create-user';

type FormValues = AddressFormValues &
  RepresentativesFormValues & {
    type: '' | 'company' | 'individual';
    username: string;
    email: string;
    phone: string;
    facsimile: string;
    about: string;
    category: 'Regular' | 'Associate';
  } & NameFormValues &
  BillingFormValues;

const emptyForm: FormValues = {
  type: '',
  username: '',
  email: '',
  phone: '',
  facsimile: '',
  ...emptyAddress,
  about: '',
  ...EMPTY_NAME_VALUES,
  tin: '',
  billingAddress: '',
  billingEmail: '',
  category: 'Regular',
  representatives: [emptyRepresentativeRow(addedRepresentativeType([]))],
};

// The schema reads the rows' text; the photos chosen beside it are taken from the form's values.
const resolver = zodResolver(adminCreateUserFormSchema) as unknown as Resolver<
  FormValues,
  unknown,
  AdminCreateUserForm
>;

/**
 * /admin/users/create (spec 001 §2, §3, §5, §8): the secretariat registers a company or an
 * individual. Idle → creating (an overlay) → 'User Created!' for 2 seconds, then an empty form;
 * or 'Failed to create user', back to the form with everything kept. The form is remounted to
 * reset, so the pictures chosen go too.
 */
export function CreateUserPage() {
  const [generation, setGeneration] = useState(0);
  // The account just created, named above the emptied form until the next one is created.
  const [lastCreated, setLastCreated] = useState<AdminUser | null>(null);
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
      {lastCreated && (
        <p
          role="status"
          className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900 text-sm"
        >
          <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
          <span>{CREATE_USER_MESSAGES.createdNotice(lastCreated.display_name)}</span>
          <Link
            to={`${paths.adminUsers}?${new URLSearchParams({ search: lastCreated.email })}`}
            className="font-semibold underline underline-offset-4 hover:text-emerald-950"
          >
            {CREATE_USER_MESSAGES.viewAccount}
          </Link>
        </p>
      )}
      <CreateUserForm
        key={generation}
        onCreated={setLastCreated}
        onReset={() => setGeneration((value) => value + 1)}
      />
    </>
  );
}

function CreateUserForm({
  onCreated,
  onReset,
}: {
  onCreated: (user: AdminUser) => void;
  onReset: () => void;
}) {
  const createUser = useCreateUser();
  const [created, setCreated] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [picture, setPicture] = useState<File | null>(null);
  const form = useForm<FormValues, unknown, AdminCreateUserForm>({
    resolver,
    defaultValues: emptyForm,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = form;
  const [type, category] = useWatch({ control, name: ['type', 'category'] });

  // spec 001 §2: 'User Created!' for 2 seconds, then the form resets.
  useEffect(() => {
    if (!created) return;
    const timer = window.setTimeout(onReset, DELAYS_MS.successNotice);
    return () => window.clearTimeout(timer);
  }, [created, onReset]);

  const onSubmit = handleSubmit(
    ({ houseNo, street, city, postalCode, category: chosen, representatives, ...fields }) => {
      const photos = getValues('representatives').map((representative) => representative.photo);
      createUser.mutate(
        {
          ...fields,
          address: buildAddress({ houseNo, street, city, postalCode }),
          category: fields.type === 'individual' ? 'Individual' : chosen,
          picture,
          representatives: representatives.map((representative, index) => ({
            firstName: representative.firstName,
            lastName: representative.lastName,
            preferredName: representative.preferredName ?? null,
            position: representative.position ?? null,
            email: representative.email ?? null,
            type: representative.type ?? null,
            avatar: photos[index] ?? null,
          })),
        },
        {
          onSuccess: (user) => {
            onCreated(user);
            setCreated(true);
          },
          onError: (error) => {
            applyServerFieldErrors(serverFieldErrors(error), setError, Object.keys(emptyForm));
            setMessage(CREATE_USER_MESSAGES.failed);
          },
        },
      );
    },
    // Every mistake is said on its field; spec 001 §5's alert is for the three required fields.
    () => {
      const { type: chosenType, username, email } = getValues();
      if (!chosenType || !username.trim() || !email.trim()) setMessage(CREATE_USER_MESSAGES.missingFields);
    },
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="relative space-y-6" aria-busy={createUser.isPending}>
        <Section title="Account">
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Type *"
              placeholder="Select a type"
              error={errors.type?.message}
              {...register('type')}
            >
              <option value="company">Company</option>
              <option value="individual">Individual</option>
            </SelectField>
            {type === 'company' ? (
              <SelectField label="Category *" error={errors.category?.message} {...register('category')}>
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
          </div>
        </Section>

        {type && (
          <Section title="Name">
            <NameFieldset company={type === 'company'} />
          </Section>
        )}

        <Section title="Contact details">
          <div className="space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Phone"
                type="tel"
                autoComplete="off"
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
            <AddressFieldset legend={type === 'company' ? 'Company address' : 'Address'} owner="other" />
          </div>
        </Section>

        <Section title={type === 'company' ? 'Company information' : 'About'}>
          <div className="space-y-5">
            <TextAreaField label="About" rows={4} error={errors.about?.message} {...register('about')} />
            <BillingFieldset company={type === 'company'} />
            <ImageField label={type === 'company' ? 'Logo' : 'Avatar'} onChange={setPicture} />
          </div>
        </Section>

        {type === 'company' && (
          <Section title="Representatives">
            <RepresentativesEditor variant="form" category={category} />
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
    </FormProvider>
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
