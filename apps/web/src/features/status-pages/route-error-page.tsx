import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusPage } from './status-page';

/**
 * Shown when a page throws while rendering or its code fails to load (typically a stale tab
 * after a deployment replaced the chunk files): reloading fetches the new build.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusPage
      mark={<TriangleAlert className="size-20 stroke-[1.25] text-accent-400" />}
      title="Something went wrong"
      text="This page could not be displayed. Please reload and try again."
      action={
        <button
          type="button"
          className={buttonClasses({ variant: 'primary' })}
          onClick={() => window.location.reload()}
        >
          Reload page
        </button>
      }
    />
  );
}
