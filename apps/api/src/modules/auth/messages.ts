/**
 * The server's own texts of the accounts module. The session-protocol strings, login codes and the
 * rate-limit text are the shared contract (`@portal/shared`); these are shown by the client as the
 * server sends them (docs/product-rules.md "Accounts": a taken e-mail or username gets a clear
 * message).
 */
export const AUTH_MESSAGES = {
  registered:
    'Registration successful. To activate your account, please go to your email and verify using the link we sent you.',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  invalidCredentials: 'Invalid email or password',
  emailNotConfirmed: 'Please confirm your email address before logging in',
  accountInactive: 'This account is inactive. Reach out to the administrator for assistance.',
  loggedOut: 'Logged out',
  confirmationResent:
    'If an unconfirmed account exists for that email, we have sent a new confirmation link. Please check your inbox.',
  forgotPasswordSent: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordReset: 'Your password has been set. You can now log in.',
  resetLinkInvalid: 'This reset link is invalid or has expired',
} as const;
