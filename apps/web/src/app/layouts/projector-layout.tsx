import { Outlet } from 'react-router';
import { SessionExpiredModal, useDocumentTitle } from './layout-parts';

/**
 * A screen for the projector (the live quorum): the whole window for the page, no header, menu or
 * admin sidebar for the room to read past. The session-expired modal stays, so a session that
 * can no longer be renewed says so instead of showing figures that have stopped changing.
 */
export function ProjectorLayout() {
  useDocumentTitle();
  return (
    <>
      <main id="main" tabIndex={-1} className="min-h-dvh bg-stone-50 focus:outline-none">
        <Outlet />
      </main>
      <SessionExpiredModal />
    </>
  );
}
