import { zodResolver } from '@hookform/resolvers/zod';
import {
  consentBodyOf,
  consentCheckboxDefaults,
  PREFERRED_PACKAGE_KEY,
  prefillFromPreferredPackage,
  registerFormSchema,
} from '@portal/shared';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ConsentFields } from '@/components/privacy/consent-fields';
import { buttonClasses } from '@/components/ui/button-styles';
import { MessageModal } from '@/components/ui/message-modal';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useRegister } from './api/register';
import { AuthCard, authLinkClasses } from './components/auth-card';

function readPreferredPackage() {
  try {
    return localStorage.getItem(PREFERRED_PACKAGE_KEY);
  } catch {
    return null;
  }
}

import { PasswordStrengthMeter } from './components/password-strength-meter';

type Message = { variant: 'success' | 'error'; title: string; text: string };

const REGISTERED: Message = {
  variant: 'success',
  title: 'Registration Successful!',
  text: 'To activate your account, please go to your email and verify using the link we sent you.',
};

/**
 * The server's refusals the user can act on: a taken e-mail or username (409,
 * docs/product-rules.md "Accounts"), input the server refused (400) and too many attempts (429).
 * Anything else is only logged, as spec 000 §8 says of registration failures.
 */
const SHOWN_STATUSES = new Set([400, 409, 429]);

/**
 * spec 000 §2 "/register": username, email, password and confirmation with a live strength
 * meter; the messages are the shared schema's (spec 000 §5), shown under each field.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [message, setMessage] = useState<Message | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', ...consentCheckboxDefaults },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(
    ({ confirmPassword: _confirmation, acceptNotice, optionalConsents, ...account }) => {
      // The notice's version and the ticked consents are recorded with the account (docs/decisions/065).
      const body = { ...account, ...consentBodyOf({ acceptNotice, optionalConsents }) };
      registerMutation.mutate(body, {
        onSuccess: () => setMessage(REGISTERED),
        onError: (error) => {
          if (error instanceof ApiError && SHOWN_STATUSES.has(error.status)) {
            setMessage({ variant: 'error', title: 'Registration Failed', text: error.error });
          } else {
            console.error('Registration failed', error);
          }
        },
      });
    },
  );

  const closeMessage = () => {
    const succeeded = message === REGISTERED;
    setMessage(null);
    if (succeeded) navigate(paths.login);
  };

  // The plan chosen with 'Select Plan' on /membership, carried to the membership form.
  const plan = prefillFromPreferredPackage(readPreferredPackage())?.category;

  return (
    <AuthCard
      icon={<UserPlus aria-hidden="true" className="size-6" />}
      title="Create your account"
      intro="Register to apply for membership and manage your profile."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className={authLinkClasses}>
            Login
          </Link>
        </>
      }
    >
      {plan && (
        <p className="mb-6 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-stone-800">
          Chosen plan: <strong>{plan} membership</strong>. After you confirm your e-mail, the membership form
          starts from it.{' '}
          <Link to={paths.membership} className={authLinkClasses}>
            Change plan
          </Link>
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          description={<PasswordStrengthMeter password={password} />}
          // 'Passwords do not match' is the confirmation's message: re-check it as the password changes.
          {...register('password', { deps: 'confirmPassword' })}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <ConsentFields register={register} errors={errors} />
        <button
          type="submit"
          disabled={registerMutation.isPending}
          className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}
        >
          {registerMutation.isPending ? 'Registering…' : 'Register'}
        </button>
      </form>

      <MessageModal
        open={message !== null}
        variant={message?.variant ?? 'success'}
        title={message?.title ?? ''}
        text={message?.text ?? ''}
        onClose={closeMessage}
      />
    </AuthCard>
  );
}
