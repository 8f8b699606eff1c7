import { SESSION_EXPIRED, type StaffArea, siteConfig } from '@portal/shared';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useMatches, useNavigation } from 'react-router';
import { logout } from '@/lib/api-client';
import { hideSessionExpired, useSessionExpiredStore } from '@/lib/session-events';
import { useStepUpStore } from '@/lib/two-factor';

/** The pieces every layout has (the public site's and the admin area's). */

// Radix Dialog loads only when a session actually expires (first-load budget).
const MessageModal = lazy(() =>
  import('@/components/ui/message-modal').then((m) => ({ default: m.MessageModal })),
);

/**
 * What a route may declare in its `handle`: the page title shown in the browser tab and, for an
 * admin screen, the staff area whose roles open it (app/guards/require-staff-area.tsx).
 */
export type RouteHandle = { title?: string; area?: StaffArea };

/** How long an address's `#anchor` is waited for: a section that appears once its data has loaded. */
const ANCHOR_WAIT_MS = 10_000;

/**
 * spec 000 §2: every route change scrolls to the top (not a query change such as a filter); an
 * address with an `#anchor` (an e-mail's link to /profile#dues) scrolls to that section instead,
 * once it is on the page: the page's sections appear only after their data has loaded, when the
 * browser has long given up looking for the anchor.
 */
export function useScrollToTopOnRouteChange() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is meant to run on every new pathname.
  useEffect(() => {
    // 'instant' overrides the smooth scrolling of styles.css, which would animate a page jump.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const reveal = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: 'instant', block: 'start' });
      return target !== null;
    };
    if (reveal()) return;
    const observer = new MutationObserver(() => {
      if (reveal()) stop();
    });
    const timer = window.setTimeout(() => stop(), ANCHOR_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash]);
}

/**
 * The tab title comes from the deepest route's handle; the acronym only from siteConfig. Also
 * written into the prerendered pages (app/prerender.tsx), so it is there before any script runs.
 */
export function documentTitle(handles: readonly unknown[]) {
  const title = handles.map((handle) => (handle as RouteHandle | undefined)?.title).findLast(Boolean);
  return title ? `${title} | ${siteConfig.acronym}` : `${siteConfig.acronym} | ${siteConfig.name}`;
}

export function useDocumentTitle() {
  const title = documentTitle(useMatches().map((match) => match.handle));
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/**
 * spec 000 §8: when the session cannot be renewed (refresh answers 'Failed to refresh token') the
 * api client raises this modal; its 'Okay' logs out, here and on the server, and opens /login.
 */
export function SessionExpiredModal() {
  const open = useSessionExpiredStore((state) => state.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <MessageModal
        open
        variant="error"
        title={SESSION_EXPIRED.title}
        text={SESSION_EXPIRED.modalText}
        onClose={() => {
          hideSessionExpired();
          void logout({ sessionLost: true });
        }}
      />
    </Suspense>
  );
}

// Loaded when first asked for: its form brings Zod and react-hook-form, which most pages never load.
const StepUpDialog = lazy(() =>
  import('@/components/two-factor/step-up-dialog').then((m) => ({ default: m.StepUpDialog })),
);

/**
 * "Confirm it's you" (decision 061): the api client asks for it when a sensitive action answers
 * 403 `second_factor_stale`, and repeats the action once a code is accepted.
 */
export function StepUpPrompt() {
  const asked = useStepUpStore((state) => state.message !== null);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog />
    </Suspense>
  );
}

/** The first stop of keyboard users: straight past the navigation to `#main`. */
export function SkipToContentLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}

/** Pages load lazily: a thin bar shows that the next page is on its way. */
export function NavigationProgress() {
  const isNavigating = useNavigation().state === 'loading';
  if (!isNavigating) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-accent-400"
    />
  );
}
