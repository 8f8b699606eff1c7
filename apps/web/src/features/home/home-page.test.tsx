import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderWithRouter } from '@/test/render';
import { HomePage } from './home-page';

afterEach(() => useSessionStore.getState().clearUser());

describe('HomePage (spec 000 §1, §2)', () => {
  it('shows the hero, the about block, the impact figures and the trusted partners', () => {
    renderWithRouter(<HomePage upcomingEvents={null} latestNews={null} />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Building Stronger Networks, Creating Lasting Value' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Become a Member Now/ })).toHaveAttribute('href', '/membership');
    for (const figure of ['150+', '200+', '50+']) expect(screen.getByText(figure)).toBeInTheDocument();
    for (const partner of [
      'Philippine Mining Research Council',
      'Mines and Geosciences Bureau',
      'Chamber of Mines of the Philippines',
      'Geological Society of the Philippines',
      'Department of Environment and Natural Resources',
    ]) {
      expect(screen.getByText(partner)).toBeInTheDocument();
    }
  });

  it("puts the events and news sections it is given in the spec's order", () => {
    renderWithRouter(
      <HomePage upcomingEvents={<h2>Upcoming Events</h2>} latestNews={<h2>Latest News</h2>} />,
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'The voice of mineral exploration in the Philippines',
      'Our Impact',
      'Upcoming Events',
      'Trusted Partners',
      'Latest News',
    ]);
  });

  it("offers 'Become a Member Now' to guests only, not to a member or an administrator", () => {
    const { unmount } = renderWithRouter(<HomePage upcomingEvents={null} latestNews={null} />);
    expect(screen.getByRole('link', { name: /Become a Member Now/ })).toBeVisible();
    unmount();

    for (const user of [
      { id: 'b6c1c7f0-0000-4000-8000-000000000001', username: 'minerva', type: 'individual', isNew: false },
      { id: 'b6c1c7f0-0000-4000-8000-000000000002', username: 'secretariat', type: 'admin', role: 'admin' },
    ]) {
      useSessionStore.getState().setUser(user);
      const view = renderWithRouter(<HomePage upcomingEvents={null} latestNews={null} />);
      expect(screen.getByRole('heading', { level: 1 })).toBeVisible();
      expect(screen.queryByRole('link', { name: /Become a Member Now/ })).toBeNull();
      view.unmount();
    }
  });

  it('sends a signed-in account that has not applied from the hero to the membership form, not the plans', () => {
    useSessionStore.getState().setUser({
      id: 'b6c1c7f0-0000-4000-8000-000000000003',
      username: 'newcomer',
      type: 'user',
      isNew: true,
    });
    renderWithRouter(<HomePage upcomingEvents={null} latestNews={null} />);
    const hero = screen.getByRole('region', { name: 'Building Stronger Networks, Creating Lasting Value' });
    expect(within(hero).getByRole('link', { name: 'Complete your membership application' })).toHaveAttribute(
      'href',
      '/user-forms',
    );
    expect(screen.queryByRole('link', { name: /Become a Member Now/ })).toBeNull();
  });
});
