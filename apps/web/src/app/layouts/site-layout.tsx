import { Outlet } from 'react-router';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import {
  NavigationProgress,
  SessionExpiredModal,
  SkipToContentLink,
  StepUpPrompt,
  useDocumentTitle,
  useScrollToTopOnRouteChange,
} from './layout-parts';

export function SiteLayout() {
  useScrollToTopOnRouteChange();
  useDocumentTitle();

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipToContentLink />
      <NavigationProgress />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <SessionExpiredModal />
      <StepUpPrompt />
    </div>
  );
}
