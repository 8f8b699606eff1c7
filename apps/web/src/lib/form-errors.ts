import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * The field messages of a failed request (docs/architecture.md "API contract"): a validation error
 * names every failing field in `fields` (name → first message) and the first in `field`, with
 * `error` its message. Names are the form's own (`email`, `representatives.0.firstName`). Empty
 * when the error names no field: the caller then shows its failure notice.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return {};
  const { field, fields } = error.body as { field?: unknown; fields?: unknown };
  if (typeof fields === 'object' && fields !== null) {
    return Object.fromEntries(
      Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return typeof field === 'string' ? { [field]: error.error } : {};
}

/**
 * Puts a server validation error on the form's own fields (`names`), focusing the first, so the
 * message shows where the user types and goes as soon as the field is valid again. Returns the
 * messages for names that are not form fields (a file picker kept outside the form's values, say).
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  messages: Record<string, string>,
  setError: UseFormSetError<Values>,
  names: readonly string[],
): Record<string, string> {
  const others: Record<string, string> = {};
  let focused = false;
  for (const [name, message] of Object.entries(messages)) {
    // `representatives.0.firstName` belongs to the form when `representatives` does.
    if (!names.includes(name.split('.')[0] ?? name)) {
      others[name] = message;
      continue;
    }
    setError(name as FieldPath<Values>, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  return others;
}
