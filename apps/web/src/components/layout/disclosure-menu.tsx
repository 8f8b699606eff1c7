import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

type DisclosureMenuProps = {
  /** The button's content, and its accessible name when `label` is not given. */
  trigger: (open: boolean) => ReactNode;
  label?: string;
  buttonClassName: string;
  /** spec 000 §2: the header's menus open on hover; the account menu only on click. */
  openOnHover?: boolean;
  align?: 'left' | 'right';
  /** The panel's content; `close` is for links and buttons inside it. */
  children: (close: () => void) => ReactNode;
};

/**
 * A header menu in the WAI-ARIA "disclosure navigation" pattern: a button with aria-expanded
 * that shows a panel of links. It opens from the keyboard, on click or tap, and (optionally) on
 * hover; Escape closes it and returns focus to the button; moving focus or clicking outside
 * closes it. Site navigation is links, not application commands, so role="menu" would announce
 * the wrong thing; and it keeps a positioning library out of the first page load.
 */
export function DisclosureMenu({
  trigger,
  label,
  buttonClassName,
  openOnHover = false,
  align = 'left',
  children,
}: DisclosureMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  // A hover opened the panel; the click that follows (or a tap, which fires both) keeps it open.
  const openedByHover = useRef(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: any navigation (also back/forward) closes the panel.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    return () => document.removeEventListener('pointerdown', closeOnOutsidePointer);
  }, [open]);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const hoverHandlers = openOnHover
    ? {
        onMouseEnter: () => {
          window.clearTimeout(closeTimer.current);
          if (!open) openedByHover.current = true;
          setOpen(true);
        },
        onMouseLeave: () => {
          openedByHover.current = false;
          // A short grace period lets the pointer cross the gap between button and panel.
          closeTimer.current = window.setTimeout(() => setOpen(false), 150);
        },
      }
    : {};

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover, focus-out and Escape handling of the disclosure; the button is the control.
    <div
      ref={containerRef}
      className="relative"
      {...hoverHandlers}
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else {
            setOpen((value) => !value);
          }
        }}
        className={buttonClassName}
      >
        {trigger(open)}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className={`absolute top-full z-50 pt-2 ${align === 'right' ? 'right-0' : 'left-0'}`}
      >
        <div className="min-w-60 rounded-xl border border-stone-200 bg-white p-2 shadow-stone-900/10 shadow-xl">
          {children(() => setOpen(false))}
        </div>
      </div>
    </div>
  );
}

/** The look of a link inside a menu panel. */
export const menuLinkClasses = (isActive = false) =>
  `block rounded-lg px-3 py-2.5 text-sm transition-colors ${
    isActive
      ? 'bg-brand-50 font-semibold text-brand-800'
      : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
  }`;
