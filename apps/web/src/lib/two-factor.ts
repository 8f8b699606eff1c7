import { create } from 'zustand';
import { paths } from '@/config/paths';
import { navigateTo } from './session-events';
import { useSessionStore } from './session-store';

/**
 * Two-step sign-in on the client (decision 061): the bridge from the api client, which meets the
 * server's two second-factor refusals on any call, to the screens that answer them.
 */

/** The cache key of GET /auth/2fa, shared by the profile's section and the set-up page. */
export const twoFactorStatusKey = ['two-factor', 'status'] as const;

/** The query parameter of the set-up page that names the page to go on to. */
export const NEXT_PARAM = 'next';

/** The set-up page, coming back to `next` (a path of ours) once two-step sign-in is on. */
export const twoStepSetupPath = (next?: string | null) =>
  next ? `${paths.twoStepSetup}?${new URLSearchParams({ [NEXT_PARAM]: next })}` : paths.twoStepSetup;

type StepUpState = {
  /** The message of the refusal that asked for the code; null while no dialog is open. */
  message: string | null;
};

export const useStepUpStore = create<StepUpState>(() => ({ message: null }));

let settleStepUp: ((confirmed: boolean) => void) | null = null;
let stepUpInFlight: Promise<boolean> | null = null;

/**
 * Opens the "Confirm it's you" dialog and resolves `true` once a code was accepted (POST
 * /auth/2fa/step-up), `false` if the person cancelled. Calls refused together wait for the same
 * dialog: one code confirms them all.
 */
export function requestStepUp(message: string): Promise<boolean> {
  stepUpInFlight ??= new Promise<boolean>((resolve) => {
    settleStepUp = resolve;
    useStepUpStore.setState({ message });
  });
  return stepUpInFlight;
}

/** Called by the dialog: closes it and answers every call waiting on it. */
export function finishStepUp(confirmed: boolean) {
  const settle = settleStepUp;
  settleStepUp = null;
  stepUpInFlight = null;
  useStepUpStore.setState({ message: null });
  settle?.(confirmed);
}

/**
 * A staff account without two-step sign-in was refused (403 `second_factor_required`): the session
 * here learns it, and the set-up page opens, coming back to the page the person was on.
 */
export function sendToTwoStepSetup() {
  const { user, setUser } = useSessionStore.getState();
  if (user) setUser({ ...user, secondFactor: { enrolled: false, required: true } });
  if (window.location.pathname === paths.twoStepSetup) return;
  navigateTo(twoStepSetupPath(`${window.location.pathname}${window.location.search}`));
}

/** The session here after the set-up page confirmed the first code. */
export function markTwoStepEnrolled() {
  const { user, setUser } = useSessionStore.getState();
  if (user)
    setUser({ ...user, secondFactor: { required: user.secondFactor?.required ?? false, enrolled: true } });
}
