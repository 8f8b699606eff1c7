import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { StatusPage } from './status-page';

/** spec 000 §2: 'Page Not Found - The page you're looking for doesn't exist.' */
export function NotFoundPage() {
  return (
    <StatusPage
      mark="404"
      title="Page Not Found"
      text="The page you're looking for doesn't exist."
      action={
        <Link to={paths.home} className={buttonClasses({ variant: 'primary' })}>
          Go to Home
        </Link>
      }
    />
  );
}
