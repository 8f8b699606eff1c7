import { manilaDateString, siteConfig } from '@portal/shared';
import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { footerQuickLinks, footerResourceLinks, type NavLink } from '@/config/navigation';
import { paths } from '@/config/paths';
import { LogoLockup } from './logo';

function FooterLinks({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className="font-semibold text-sm text-white uppercase tracking-widest">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-brand-100 text-sm transition-colors hover:text-white">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * spec 000 §2 "Footer": description, quick links, the 'Developed By' credit, copyright — of the
 * current year in Manila, not the specification's 2025, so the site never looks left behind.
 */
export function SiteFooter() {
  const telephone = siteConfig.phone.replace(/[^\d+]/g, '');
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 pt-16 pb-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-12 lg:px-8">
        <div className="sm:col-span-2 lg:col-span-4">
          <Link to={paths.home} className="inline-block rounded-md">
            <LogoLockup tone="light" />
          </Link>
          <p className="mt-5 max-w-sm text-brand-100 text-sm leading-relaxed">
            A non-stock, non-profit association bringing together the companies and professionals who explore
            for and develop the Philippines&rsquo; mineral resources, since {siteConfig.registeredYear}.
          </p>
        </div>
        <div className="lg:col-span-2">
          <FooterLinks title="Quick Links" links={footerQuickLinks} />
        </div>
        <div className="lg:col-span-3">
          <FooterLinks title="Resources" links={footerResourceLinks} />
        </div>
        <div className="lg:col-span-3">
          <h2 className="font-semibold text-sm text-white uppercase tracking-widest">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-300" />
              <a href={`mailto:${siteConfig.secretariatEmail}`} className="break-all hover:text-white">
                {siteConfig.secretariatEmail}
              </a>
            </li>
            <li className="flex gap-3">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-300" />
              <a href={`tel:${telephone}`} className="hover:text-white">
                {siteConfig.phone}
              </a>
            </li>
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-300" />
              <address className="not-italic leading-relaxed">{siteConfig.address}</address>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-white/10 border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-brand-200 text-xs sm:flex-row sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {manilaDateString().slice(0, 4)} {siteConfig.name}
            <span aria-hidden="true" className="px-2">
              ·
            </span>
            <Link
              to={paths.privacy}
              className="text-white underline underline-offset-2 hover:text-accent-300"
            >
              Privacy Notice
            </Link>
          </p>
          <p>
            Developed By <span className="text-white">{siteConfig.developedBy}</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
