import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { AppProviders } from './providers';

const admin = { id: 'a1', username: 'ana', role: 'admin', type: 'admin' };

afterEach(() => {
  useSessionStore.setState({ user: null });
});

describe('AppProviders', () => {
  it('drops every cached answer when the user signs out, keeps them while the same user stays', () => {
    useSessionStore.setState({ user: admin });
    const client = new QueryClient();
    render(
      <AppProviders queryClient={client}>
        <p>page</p>
      </AppProviders>,
    );
    client.setQueryData(['dashboard', 'summary'], { figures: 1 });

    // The session check refreshes the same user: nothing is lost.
    act(() => useSessionStore.setState({ user: { ...admin, username: 'ana.reyes' } }));
    expect(client.getQueryData(['dashboard', 'summary'])).toEqual({ figures: 1 });

    act(() => useSessionStore.getState().clearUser());
    expect(client.getQueryData(['dashboard', 'summary'])).toBeUndefined();
  });
});
