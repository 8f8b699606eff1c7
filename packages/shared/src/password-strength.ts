/**
 * spec 000 §5: one point each for length ≥ 8, a lowercase letter, an uppercase letter, a digit and
 * a special character; a score below 3 ("Good") is refused, in the form and on the server.
 */
export const PASSWORD_STRENGTH_LABELS = [
  'Very Weak',
  'Weak',
  'Fair',
  'Good',
  'Strong',
  'Very Strong',
] as const;
export type PasswordStrengthLabel = (typeof PASSWORD_STRENGTH_LABELS)[number];

export const MIN_PASSWORD_SCORE = 3;
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but an unbounded one lets a request cost unbounded CPU. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_WEAK_MESSAGE = 'Password strength must be at least Good';

const rules = [
  { test: (password: string) => password.length >= PASSWORD_MIN_LENGTH, missing: 'at least 8 characters' },
  { test: (password: string) => /[a-z]/.test(password), missing: 'a lowercase letter' },
  { test: (password: string) => /[A-Z]/.test(password), missing: 'an uppercase letter' },
  { test: (password: string) => /\d/.test(password), missing: 'a number' },
  { test: (password: string) => /[^A-Za-z0-9]/.test(password), missing: 'a special character' },
] as const;

export type PasswordStrength = {
  score: number;
  label: PasswordStrengthLabel;
  /** What the password still lacks, for the feedback line under the meter. */
  missing: string[];
};

export function scorePassword(password: string): PasswordStrength {
  const missing = rules.filter((rule) => !rule.test(password)).map((rule) => rule.missing);
  const score = rules.length - missing.length;
  return { score, label: PASSWORD_STRENGTH_LABELS[score] as PasswordStrengthLabel, missing };
}

export const isPasswordStrongEnough = (password: string) =>
  scorePassword(password).score >= MIN_PASSWORD_SCORE;
