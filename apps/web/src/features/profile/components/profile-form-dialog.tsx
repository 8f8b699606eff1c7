import { zodResolver } from '@hookform/resolvers/zod';
import { ABOUT_MAX_CHARS, type Profile, profileFormSchema } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BillingFieldset } from '@/components/forms/billing-fieldset';
import { NameFieldset, nameValuesOf } from '@/components/forms/name-fieldset';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogFooter, DialogPanel } from '@/components/ui/dialog';
import { ImageField } from '@/components/ui/image-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';

type ProfileFormInput = z.input<typeof profileFormSchema>;
type ProfileFormOutput = z.output<typeof profileFormSchema>;

type ProfileFormDialogProps = {
  profile: Profile;
  onClose: () => void;
  onSaved: () => void;
  /** spec 000 §8 "Profile": 'Error updating profile', with what the server said. */
  onFailed: (error: unknown) => void;
};

/**
 * 'Update Profile' (spec 000 §2 "Profile edit"): username (required), phone, facsimile, address,
 * About and the avatar (individual) or logo (company). The type is not offered: it follows from the
 * membership form, and the server refuses any other (docs/product-rules.md "Identity and roles").
 */
export function ProfileFormDialog({ profile, onClose, onSaved, onFailed }: ProfileFormDialogProps) {
  const save = useUpdateProfile();
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>();
  const isCompany = profile.type === 'company';
  const defaultValues: ProfileFormInput = {
    username: profile.username,
    phone: profile.phone ?? '',
    facsimile: profile.facsimile ?? '',
    address: profile.address ?? '',
    about: profile.about ?? '',
    ...nameValuesOf(profile),
    tin: profile.tin ?? '',
    billingAddress: profile.billingAddress ?? '',
    billingEmail: profile.billingEmail ?? '',
  };
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit((fields) => {
    setPictureError(undefined);
    save.mutate(
      { fields, picture, type: profile.type },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const messages = serverFieldErrors(error);
          const { avatar, logo, ...unplaced } = applyServerFieldErrors(
            messages,
            setError,
            Object.keys(defaultValues),
          );
          setPictureError(avatar ?? logo);
          if (Object.keys(unplaced).length === Object.keys(messages).length && !avatar && !logo) {
            onFailed(error);
          }
        },
      },
    );
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogPanel size="wide">
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          Update Profile
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          Fields marked * are required.
        </Dialog.Description>
        <FormProvider {...form}>
          <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Username *"
                autoComplete="username"
                error={errors.username?.message}
                {...register('username')}
              />
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
                error={errors.facsimile?.message}
                {...register('facsimile')}
              />
              <TextField
                label="Address"
                autoComplete="street-address"
                error={errors.address?.message}
                {...register('address')}
              />
            </div>
            <TextAreaField
              label="About"
              rows={5}
              maxLength={ABOUT_MAX_CHARS}
              error={errors.about?.message}
              {...register('about')}
            />
            <NameFieldset company={isCompany} />
            <BillingFieldset company={isCompany} />
            <ImageField
              label={isCompany ? 'Company logo' : 'Profile photo'}
              currentImageUrl={isCompany ? profile.logoUrl : profile.avatarUrl}
              onChange={(file) => {
                setPicture(file);
                setPictureError(undefined);
              }}
              error={pictureError}
              description="JPEG, PNG, GIF or WebP up to 5 MB."
            />
            <DialogFooter>
              <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={save.isPending}>
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                className={buttonClasses({ variant: 'primary' })}
                disabled={save.isPending}
              >
                {save.isPending ? 'Saving…' : 'Save Changes'}
              </button>
            </DialogFooter>
          </form>
        </FormProvider>
        <DialogCloseButton disabled={save.isPending} />
      </DialogPanel>
    </Dialog.Root>
  );
}
