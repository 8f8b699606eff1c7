/** What a failed `safeParse` of a shared Zod schema reports (typed here: zod is not a web dependency). */
type ValidationError = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/**
 * The first message per field of a failed `safeParse` of one of the shared schemas, so the form
 * shows exactly the text the server would send (STYLE.md "One schema, used twice").
 */
export function firstFieldErrors<Field extends string>(
  error: ValidationError,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as Field] = issue.message;
  }
  return errors;
}
