import { create } from 'zustand';

/**
 * The bridge from code outside React (the api client's session protocol, spec 000 §8) to the UI:
 * a navigate function the app registers once its router exists, and a flag that SiteLayout turns
 * into the 'Session Expired' message modal.
 */

type Navigate = (to: string) => void;

// Before the router registers (or in a test without one) a full page load still gets there.
const assignLocation: Navigate = (to) => window.location.assign(to);
let navigateImpl: Navigate = assignLocation;

/** Called by the app's entry point with the router's navigate; returns the unregister function. */
export function registerNavigate(navigate: Navigate): () => void {
  navigateImpl = navigate;
  return () => {
    if (navigateImpl === navigate) navigateImpl = assignLocation;
  };
}

export function navigateTo(to: string) {
  navigateImpl(to);
}

export const useSessionExpiredStore = create<{ open: boolean }>(() => ({ open: false }));

export const showSessionExpired = () => useSessionExpiredStore.setState({ open: true });
export const hideSessionExpired = () => useSessionExpiredStore.setState({ open: false });
