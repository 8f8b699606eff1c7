import { SESSION_ERRORS } from '@portal/shared';

/**
 * The one error type of the API. Services throw it; the error handler turns it into
 * `{ error, message?, code?, field?, fields? }` with its status
 * (docs/architecture.md "API contract"). `field` names the form field a refused rule belongs to (a
 * taken e-mail on `email`), so that a form can show the message there.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly options: {
      code?: string;
      message?: string;
      field?: string;
      fields?: Record<string, string>;
    } = {},
  ) {
    super(error);
  }
}

export const notFound = (error: string) => new AppError(404, error, { code: 'not_found' });
export const badRequest = (error: string, code = 'bad_request') => new AppError(400, error, { code });

/**
 * The session no longer stands for an account (revoked, expired, its user gone): 401, and the client
 * refreshes or signs in again (docs/architecture.md "Accounts and sessions"). Here rather than in
 * modules/auth because every module that reads the acting user may need to say it.
 */
export const invalidToken = () => new AppError(401, SESSION_ERRORS.invalidToken, { code: 'invalid_token' });

/** A failed check of one field: its name as the form names it (a dotted path) and its message. */
export type FieldIssue = { field: string; message: string };

/**
 * The 400 of every validation failure (JSON body, query, params, multipart fields): `error` is
 * the first field's message, `field` its name, `fields` every failing field with its first
 * message, and `message` all of them for a person reading logs.
 */
export function validationError(issues: readonly FieldIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.field] ??= issue.message;
  const first = issues[0];
  return new AppError(400, first?.message ?? 'Invalid request', {
    code: 'validation_error',
    message: issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '),
    field: first?.field,
    fields,
  });
}

/** A Zod issue's path as a field name: `representatives.0.firstName`; `fallback` for the whole. */
export const fieldName = (path: readonly PropertyKey[], fallback: string) =>
  path.length > 0 ? path.map(String).join('.') : fallback;
