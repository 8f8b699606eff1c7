import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A figure that opens its admin list when that list exists (docs/product-rules.md "Dashboard": each
 * figure links to the filtered list); until then the same content, unlinked.
 */
export function FigureLink({
  to,
  className,
  children,
}: {
  to: string | null;
  className: string;
  children: ReactNode;
}) {
  if (!to) return <div className={className}>{children}</div>;
  return (
    <Link to={to} className={`${className} transition-colors hover:border-brand-300 hover:bg-brand-50/40`}>
      {children}
    </Link>
  );
}
