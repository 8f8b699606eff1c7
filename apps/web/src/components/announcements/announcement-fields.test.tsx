import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@portal/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type AnnouncementChoice, AnnouncementFields, NO_ANNOUNCEMENT } from './announcement-fields';

function Harness({
  published,
  announced,
  onChoice,
}: {
  published: boolean;
  announced: Announcement | null | undefined;
  onChoice: (choice: AnnouncementChoice) => void;
}) {
  const [choice, setChoice] = useState(NO_ANNOUNCEMENT);
  return (
    <AnnouncementFields
      value={choice}
      onChange={(next) => {
        setChoice(next);
        onChoice(next);
      }}
      published={published}
      announced={announced}
    />
  );
}

const announcement: Announcement = {
  id: '0b6f3c1e-0000-4000-8000-000000000001',
  item_type: 'news',
  item_id: '0b6f3c1e-0000-4000-8000-000000000002',
  item_title: 'Drilling resumes',
  audience: 'members',
  recipient_count: 12,
  sent_by: 'Secretariat Desk',
  created_at: '2026-11-27T02:00:00.000Z',
};

describe('AnnouncementFields (docs/product-rules.md "Announcements")', () => {
  it('offers the three audiences once "E-mail to members" is ticked on a published item', async () => {
    const onChoice = vi.fn();
    render(<Harness published announced={null} onChoice={onChoice} />);
    const user = userEvent.setup();
    expect(screen.queryByRole('group', { name: 'Send to' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: ANNOUNCEMENT_MESSAGES.checkbox }));
    const audiences = screen.getByRole('group', { name: 'Send to' });
    expect(audiences).toBeVisible();
    expect(screen.getByRole('radio', { name: /Members in good standing/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /All accounts/ }));
    expect(onChoice).toHaveBeenLastCalledWith({ send: true, audience: 'accounts' });
    expect(screen.getByRole('radio', { name: /All members/ })).not.toBeChecked();
  });

  it('is disabled, saying why, until the status is Published', () => {
    render(<Harness published={false} announced={null} onChoice={vi.fn()} />);
    const box = screen.getByRole('checkbox', { name: ANNOUNCEMENT_MESSAGES.checkbox });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(ANNOUNCEMENT_MESSAGES.checkboxNeedsPublished);
  });

  it('says when and to whom an item already announced went, instead of offering it again', () => {
    render(<Harness published announced={announcement} onChoice={vi.fn()} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Announced November 27, 2026 to all members (12 people).')).toBeVisible();
  });
});
