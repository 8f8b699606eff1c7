import { messageResponseSchema } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { answer, fakeRoute } from './fake-api';

describe('the fake API', () => {
  it('refuses a fake answer the API would not send, naming the field', () => {
    expect(() => answer(messageResponseSchema, { data: { text: 'Sent' } } as never)).toThrow(
      /This fake answer is not what the API sends: .*\n.*data\.message/,
    );
  });

  it('answers through fetch what a route was given, and keeps what was sent', async () => {
    const sent = fakeRoute('post', '/api/auth/forgot-password', () =>
      answer(messageResponseSchema, { data: { message: 'Sent' } }),
    );
    const response = await fetch('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.ph' }),
    });
    expect(await response.json()).toEqual({ data: { message: 'Sent' } });
    expect(sent).toEqual([{ email: 'a@b.ph' }]);
  });

  it('refuses a request no handler takes', async () => {
    await expect(fetch('/api/nothing-here')).rejects.toThrow();
  });
});
