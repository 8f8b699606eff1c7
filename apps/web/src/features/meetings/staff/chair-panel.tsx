import { isLocked, MEETING_MESSAGES, type Meeting } from '@portal/shared';
import { useState } from 'react';
import type { useNotice } from '@/components/admin-list/use-notice';
import { buttonClasses } from '@/components/ui/button-styles';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useChairSearch, useProxies, useSetChair } from '../api/staff';
import { Hint, type MeetingPowers, Panel, reasonOf } from './meeting-parts';

type Notice = ReturnType<typeof useNotice>;

/**
 * The chair of the meeting (docs/decisions/071 "The chair as a proxy holder"): the presiding
 * officer, who casts the proxies given to the chair. The board's President is offered first when
 * the board's records name one the server can match to an account; else staff search an account.
 * Fixed once voting opens, as the other details are.
 */
export function ChairPanel({
  meeting,
  powers,
  notice,
}: {
  meeting: Meeting;
  powers: MeetingPowers;
  notice: Notice;
}) {
  const setChair = useSetChair(meeting.id);
  const proxies = useProxies(meeting.id, powers.run);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const accounts = useChairSearch(powers.run ? search : '');
  const locked = isLocked(meeting);
  const editable = powers.run && !locked;
  const { chair, chairSuggestion: suggestion } = meeting;
  const toChair = proxies.data?.filter((proxy) => proxy.toChair && proxy.status === 'valid').length ?? 0;

  const name = (userId: string | null, label: string) =>
    setChair.mutate(userId, {
      onSuccess: () => {
        setText('');
        notice.confirm(label);
      },
      onError: (error) => notice.failure('The chair was not changed.', reasonOf(error)),
    });

  return (
    <Panel
      title="Chair of the meeting"
      description="The presiding officer, normally the President. Whoever chairs the meeting when voting opens casts the proxies given to the chair."
      actions={
        editable &&
        chair && (
          <button
            type="button"
            className={buttonClasses({ variant: 'secondary' })}
            disabled={setChair.isPending}
            onClick={() => name(null, 'Chair removed')}
          >
            Remove the chair
          </button>
        )
      }
    >
      <p className="text-stone-900">
        {chair ? (
          <span className="font-medium">{chair.name}</span>
        ) : (
          <span className="text-stone-600">Not named yet.</span>
        )}
      </p>
      {!chair && toChair > 0 && (
        <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm">
          {MEETING_MESSAGES.chairNeeded(toChair)}.
        </p>
      )}
      {editable && (
        <div className="mt-4 space-y-4">
          {suggestion && suggestion.userId !== chair?.userId && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-stone-50 p-3">
              <p className="text-sm text-stone-800">
                The board’s President: <span className="font-medium">{suggestion.name}</span>
              </p>
              <button
                type="button"
                className={buttonClasses({ size: 'sm' })}
                disabled={setChair.isPending}
                onClick={() => name(suggestion.userId, 'Chair named')}
              >
                Name {suggestion.name} chair
              </button>
            </div>
          )}
          <label className="block">
            <span className="font-medium text-sm text-stone-800">
              {chair || suggestion ? 'Or search' : 'Search'} an account by name or e-mail
            </span>
            <input
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Name or e-mail"
              className="mt-1 h-11 w-full rounded-lg border border-stone-300 px-3"
            />
          </label>
          {accounts.data && search.length >= 2 && (
            <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200">
              {accounts.data.length === 0 && (
                <li className="p-3 text-stone-600">No active account matches.</li>
              )}
              {accounts.data.map((account) => (
                <li key={account.id} className="flex items-center gap-3 p-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-stone-900">{account.display_name}</p>
                    <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{account.email}</p>
                  </div>
                  {account.id === chair?.userId ? (
                    <span className="text-sm text-stone-600">Chair</span>
                  ) : (
                    <button
                      type="button"
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      disabled={setChair.isPending}
                      aria-label={`Name ${account.display_name} chair`}
                      onClick={() => name(account.id, 'Chair named')}
                    >
                      Name chair
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {!editable && !chair && !powers.run && <Hint>The secretariat names the chair.</Hint>}
      {locked && powers.run && (
        <div className="mt-4">
          <Hint>Voting has opened: the chair can no longer change.</Hint>
        </div>
      )}
    </Panel>
  );
}
