import {
  IMAGE_MESSAGES,
  type Meeting,
  NOMINATION_PHOTO_FIELD,
  type Nomination,
  MEETING_MEMBER_TEXT as T,
} from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/test/render';
import { at, DAY, makeMeeting } from '../test-fixtures';
import { NominationsSection } from './nominations-section';

const MEETING_ID = '00000000-0000-4000-8000-0000000000a1';
const entry = (id: string, name: string) => ({
  id,
  kind: 'individual' as const,
  memberName: name,
  voterName: name,
  category: 'Individual',
});
const ME = entry('00000000-0000-4000-8000-0000000000e1', 'Jose Cruz');
const nomination = (overrides: Partial<Nomination> = {}): Nomination => ({
  id: '00000000-0000-4000-8000-0000000000b1',
  nominee: entry('00000000-0000-4000-8000-0000000000e2', 'Maria Santos'),
  nominatorName: ME.voterName,
  statement: 'Twenty years in exploration.',
  seconds: [],
  secondsNeeded: 2,
  accepted: false,
  status: 'pending',
  validationNote: null,
  photoUrl: null,
  ...overrides,
});
const meetingWith = (nominations: Nomination[]): Meeting =>
  makeMeeting({
    id: MEETING_ID,
    status: 'noticed',
    noticeSentAt: at(-DAY),
    rollFrozenAt: at(-DAY),
    rollSize: 3,
    nominations,
    me: {
      entry: ME,
      notOnRollReason: null,
      hasVoted: false,
      proxyGiven: null,
      proxiesHeld: [],
      chair: false,
    },
  });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
// A PNG's signature: the picker reads the first bytes before it takes the file.
const pngFile = (name = 'photo.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, {
    type: 'image/png',
  });

/** The photos sent (each request's method and file), and the server's answer to each. */
function stubPhotos(answers: (() => Response)[]) {
  const sent: { method: string; file: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/photo')) {
        sent.push({
          method: init?.method ?? 'GET',
          file: init?.body instanceof FormData ? init.body.get(NOMINATION_PHOTO_FIELD) : null,
        });
        return (answers.shift() ?? (() => json({ data: nomination() })))();
      }
      return json({ data: null });
    }),
  );
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

describe('NominationsSection: a candidate’s photo (docs/decisions/071)', { timeout: 20_000 }, () => {
  it('shows the photo beside the statement, and the initials without one', () => {
    stubPhotos([]);
    const withPhoto = nomination({ photoUrl: `/api/nominations/x/photo?v=abc` });
    const { container } = renderWithRouter(
      <NominationsSection
        meeting={meetingWith([
          withPhoto,
          nomination({
            id: '00000000-0000-4000-8000-0000000000b2',
            nominee: entry('00000000-0000-4000-8000-0000000000e3', 'Dr. Teresa Gomez'),
            nominatorName: 'Ana Reyes',
          }),
        ])}
        voters={[]}
        now={new Date()}
      />,
    );
    const [first, second] = [...container.querySelectorAll('li')];
    expect(first?.querySelector('img')).toHaveAttribute('src', '/api/nominations/x/photo?v=abc&width=400');
    expect(second?.querySelector('img')).toBeNull();
    expect(second?.querySelector('[data-initials-tile]')).toHaveTextContent('TG');
    // Only the nominator or the nominee is offered to change it.
    expect(within(first as HTMLElement).getByText(T.photoSummary)).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText(T.photoSummary)).not.toBeInTheDocument();
  });

  it('lets the nominator send a photo, and shows the server’s refusal on the field', async () => {
    const sent = stubPhotos([
      () => json({ error: IMAGE_MESSAGES.wrongType, code: 'invalid_image_type', field: 'photo' }, 400),
      () => json({ data: nomination({ photoUrl: '/api/nominations/x/photo?v=new' }) }),
    ]);
    const user = userEvent.setup();
    renderWithRouter(
      <NominationsSection meeting={meetingWith([nomination()])} voters={[]} now={new Date()} />,
    );
    await user.click(screen.getByText(T.photoSummary));
    const save = screen.getByRole('button', { name: T.photoSave });
    expect(save).toBeDisabled();
    const picker = screen.getAllByLabelText(T.photoLabel)[0] as HTMLInputElement;
    await user.upload(picker, pngFile());
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText(IMAGE_MESSAGES.wrongType)).toBeVisible();
    expect(sent[0]).toMatchObject({ method: 'PUT' });
    expect((sent[0]?.file as File | undefined)?.name).toBe('photo.png');

    await user.click(save);
    expect(await screen.findByText(T.photoSaved)).toBeVisible();
    expect(sent).toHaveLength(2);
  });
});
