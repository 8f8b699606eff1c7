import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { AdminSidebar } from '@/components/layout/admin-sidebar';
import { LogoMark } from '@/components/layout/logo';
import { paths } from '@/config/paths';
import {
  NavigationProgress,
  SessionExpiredModal,
  SkipToContentLink,
  StepUpPrompt,
  useDocumentTitle,
  useScrollToTopOnRouteChange,
} from './layout-parts';

/**
 * The admin area's frame (spec 000 §2 "Admin area"): a fixed sidebar from lg up; below it a top
 * bar whose menu button opens the same sidebar as a drawer (a Radix Dialog: focus stays inside,
 * Escape closes it and focus returns to the button).
 */
export function AdminLayout() {
  useScrollToTopOnRouteChange();
  useDocumentTitle();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="min-h-dvh bg-stone-100 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <SkipToContentLink />
      <NavigationProgress />
      <aside className="hidden bg-brand-950 lg:block">
        <div className="sticky top-0 h-dvh">
          <AdminSidebar />
        </div>
      </aside>

      <div className="flex min-h-dvh min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-stone-200 border-b bg-white px-4 shadow-sm lg:hidden">
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger
              aria-label="Open admin menu"
              className="inline-flex size-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
            >
              <Menu aria-hidden="true" className="size-6" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50 data-[state=open]:animate-[fade-in_200ms_ease-out] lg:hidden" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-2xl focus:outline-none data-[state=open]:animate-[slide-in-left_250ms_ease-out] lg:hidden">
                <Dialog.Title className="sr-only">Admin menu</Dialog.Title>
                <Dialog.Description className="sr-only">Sections of the admin area</Dialog.Description>
                <AdminSidebar onNavigate={() => setMenuOpen(false)} />
                <Dialog.Close
                  aria-label="Close admin menu"
                  className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-brand-100 hover:bg-white/10 focus-visible:outline-white"
                >
                  <X aria-hidden="true" className="size-5" />
                </Dialog.Close>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <Link to={paths.admin} className="flex items-center gap-2.5 rounded-md">
            <LogoMark className="size-8 rounded-[7px]" />
            <span className="font-display font-semibold text-brand-900 text-lg">Admin</span>
          </Link>
        </header>

        <main
          id="main"
          tabIndex={-1}
          className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10"
        >
          <div className="mx-auto max-w-7xl">
            <Outlet />
          </div>
        </main>
      </div>
      <SessionExpiredModal />
      <StepUpPrompt />
    </div>
  );
}
