import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerFieldErrors, serverFieldErrors } from './form-errors';

const validationError = (body: object) =>
  new ApiError(400, 'Name is required', undefined, 'validation_error', {
    error: 'Name is required',
    ...body,
  });

describe('serverFieldErrors', () => {
  it('reads the `fields` map, or the one `field` with the error as its message', () => {
    expect(
      serverFieldErrors(
        validationError({ field: 'name', fields: { name: 'Name is required', title: 'Too long' } }),
      ),
    ).toEqual({ name: 'Name is required', title: 'Too long' });
    expect(serverFieldErrors(validationError({ field: 'email' }))).toEqual({ email: 'Name is required' });
  });

  it('is empty for an error that names no field, and for anything but an ApiError', () => {
    expect(serverFieldErrors(new ApiError(500, 'Internal Server Error', undefined, undefined, {}))).toEqual(
      {},
    );
    expect(serverFieldErrors(new ApiError(0, 'Unable to reach the server.'))).toEqual({});
    expect(serverFieldErrors(new Error('boom'))).toEqual({});
  });
});

describe('applyServerFieldErrors', () => {
  it("puts each message on the form's field, focusing the first, and returns the rest", () => {
    const setError = vi.fn();
    const others = applyServerFieldErrors(
      {
        title: 'Title is required',
        'representatives.0.firstName': 'First name is required',
        image: 'Too big',
      },
      setError,
      ['name', 'title', 'representatives'],
    );
    expect(setError.mock.calls).toEqual([
      ['title', { type: 'server', message: 'Title is required' }, { shouldFocus: true }],
      [
        'representatives.0.firstName',
        { type: 'server', message: 'First name is required' },
        { shouldFocus: false },
      ],
    ]);
    expect(others).toEqual({ image: 'Too big' });
  });
});
