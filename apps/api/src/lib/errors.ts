/**
 * The one error type of the API. Services throw it; the error handler turns it into
 * `{ error, message?, code? }` with its status (ARCHITECTURE.md "API contract").
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly options: { code?: string; message?: string } = {},
  ) {
    super(error);
  }
}

export const notFound = (error: string) => new AppError(404, error, { code: 'not_found' });
export const badRequest = (error: string, code = 'bad_request') => new AppError(400, error, { code });
