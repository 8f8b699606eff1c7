import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDateTime,
  type Meeting,
  PROXY_CHAIR_LABEL,
  PROXY_SCOPE_LABELS,
  PROXY_SCOPES,
  PROXY_STATUS_LABELS,
  PROXY_TO_CHAIR,
  proxyHolderName,
  proxyInputSchema,
  type Voter,
} from '@portal/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldMessages } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { StatusBadge } from '@/components/ui/status-badge';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useFileProxy, useRevokeProxy } from '../api/member';
import { failureText } from './meeting-section';

type ProxyValues = z.input<typeof proxyInputSchema>;

/**
 * My proxy (decision 071): name the chair of the meeting or another voter to hold it, for all
 * business or the election only, before the deadline; revoke it until voting opens. Then the
 * proxies the viewer holds (as the chair too, when they chair the meeting).
 */
export function ProxySection({ meeting, voters, now }: { meeting: Meeting; voters: Voter[]; now: Date }) {
  const { me } = meeting;
  const [revoking, setRevoking] = useState(false);
  const revoke = useRevokeProxy(meeting.id);
  const given = me.proxyGiven;
  const canFile =
    me.entry !== null && meeting.votingState === 'not_open' && now < new Date(meeting.proxyDeadline);

  return (
    <div className="space-y-5">
      <div>
        <h3 className="font-semibold text-stone-900">My proxy</h3>
        {given ? (
          <div className="mt-2 rounded-xl border border-stone-200 p-4">
            <p className="text-stone-800">
              <span className="font-medium">{proxyHolderName(given, meeting.chair)}</span>
              {given.holder?.kind === 'company' && (
                <span className="text-stone-600"> ({given.holder.memberName})</span>
              )}{' '}
              holds your proxy for {PROXY_SCOPE_LABELS[given.scope].toLowerCase()}.
            </p>
            {given.toChair && (
              <p className="mt-1 text-sm text-stone-600">
                Whoever chairs the meeting when voting opens casts it.
              </p>
            )}
            <p className="mt-2">
              <StatusBadge tone={given.status === 'valid' ? 'green' : 'yellow'} asWritten>
                {PROXY_STATUS_LABELS[given.status]}
              </StatusBadge>
            </p>
            {meeting.votingState === 'not_open' && (
              <button
                type="button"
                className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
                onClick={() => setRevoking(true)}
              >
                Revoke my proxy
              </button>
            )}
            {revoke.isError && (
              <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
                {failureText(revoke.error)}
              </p>
            )}
          </div>
        ) : canFile ? (
          <ProxyForm
            meeting={meeting}
            voters={voters.filter((voter) => voter.id !== me.entry?.id)}
            offerChair={!me.chair}
          />
        ) : (
          <p className="mt-1 text-stone-600">
            {me.entry ? 'You have not named a proxy.' : 'Only voters on the roll name a proxy.'}
          </p>
        )}
      </div>

      <div>
        <h3 className="font-semibold text-stone-900">Proxies I hold</h3>
        {me.proxiesHeld.length === 0 ? (
          <p className="mt-1 text-stone-600">You hold no validated proxy.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded-xl border border-stone-200">
            {me.proxiesHeld.map(({ proxy, hasVoted }) => (
              <li key={proxy.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span className="min-w-0">
                  <span className="block font-medium text-stone-900">{proxy.grantor.memberName}</span>
                  <span className="block text-sm text-stone-600">
                    {PROXY_SCOPE_LABELS[proxy.scope]}
                    {proxy.toChair && ', given to the chair'}
                  </span>
                </span>
                <StatusBadge tone={hasVoted ? 'green' : 'gray'} asWritten>
                  {hasVoted ? 'Ballot cast' : 'Not yet cast'}
                </StatusBadge>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ConfirmDialog
        open={revoking}
        title="Revoke your proxy?"
        text="You can name a proxy again until the proxy deadline."
        confirmLabel="Revoke proxy"
        tone="danger"
        pending={revoke.isPending}
        onConfirm={() => given && revoke.mutate(given.id, { onSettled: () => setRevoking(false) })}
        onCancel={() => setRevoking(false)}
      />
    </div>
  );
}

function ProxyForm({
  meeting,
  voters,
  offerChair,
}: {
  meeting: Meeting;
  voters: Voter[];
  /** Everyone but the chair may give their proxy to the chair. */
  offerChair: boolean;
}) {
  const file = useFileProxy(meeting.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProxyValues>({
    resolver: zodResolver(proxyInputSchema),
    defaultValues: { holderId: '', scope: 'all' },
  });
  const submit = handleSubmit((values) =>
    file.mutate(values, {
      onError: (error) => applyServerFieldErrors(serverFieldErrors(error), setError, ['holderId', 'scope']),
    }),
  );
  const otherError = file.isError && Object.keys(serverFieldErrors(file.error)).length === 0;
  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-4 rounded-xl bg-stone-50 p-4">
      <p className="text-sm text-stone-700">
        If you cannot vote yourself, name the chair of the meeting or another voter to vote for you. File it
        before {formatDateTime(meeting.proxyDeadline)}; the corporate secretary validates it.
      </p>
      <SelectField
        label="Proxy holder"
        placeholder={offerChair ? 'Choose the chair or a voter' : 'Choose a voter on the roll'}
        error={errors.holderId?.message}
        {...register('holderId')}
      >
        {offerChair && (
          <option value={PROXY_TO_CHAIR}>
            {meeting.chair ? `${PROXY_CHAIR_LABEL} (${meeting.chair.name})` : PROXY_CHAIR_LABEL}
          </option>
        )}
        {voters.map((voter) => (
          <option key={voter.id} value={voter.id}>
            {voter.kind === 'company' ? `${voter.voterName} (${voter.memberName})` : voter.voterName}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend className="font-medium text-sm text-stone-800">Scope</legend>
        <div className="mt-2 space-y-2">
          {PROXY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-3 text-sm text-stone-800">
              <input type="radio" value={scope} className="size-5 accent-brand-700" {...register('scope')} />
              {PROXY_SCOPE_LABELS[scope]}
            </label>
          ))}
        </div>
        <FieldMessages
          error={errors.scope?.message}
          errorId="proxy-scope-error"
          descriptionId="proxy-scope-description"
        />
      </fieldset>
      {otherError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
          {failureText(file.error)}
        </p>
      )}
      <button type="submit" className={buttonClasses({ variant: 'primary' })} disabled={file.isPending}>
        Name my proxy
      </button>
    </form>
  );
}
