import { siteConfig } from '@portal/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { COMPLETE_APPLICATION_TEXT } from '@/components/layout/complete-application-text';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { isAdmin, useNeedsApplication, useSessionUser } from '@/lib/session-store';
import { HeroBackdrop } from './hero-backdrop';

/** spec 000 §1: the hero headline and the 'Become a Member Now' link to /membership. */
export function HeroSection() {
  const user = useSessionUser();
  const hasApplied = user !== null && (user.isNew === false || isAdmin(user));
  const needsApplication = useNeedsApplication();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-brand-950 text-white"
    >
      <HeroBackdrop />
      <div className="mx-auto flex min-h-[min(52rem,100svh)] max-w-7xl flex-col justify-center px-4 pt-32 pb-28 sm:px-6 sm:pt-40 sm:pb-36 lg:px-8">
        <p className="font-semibold text-accent-300 text-sm uppercase tracking-[0.2em]">
          Mineral exploration · Since {siteConfig.registeredYear}
        </p>
        <h1
          id="hero-title"
          className="mt-5 max-w-4xl font-display font-semibold text-[2.625rem] text-white leading-[1.08] sm:text-6xl lg:text-7xl"
        >
          Building Stronger Networks, Creating Lasting Value
        </h1>
        <p className="mt-6 max-w-2xl text-brand-100 text-lg leading-relaxed sm:text-xl">
          The {siteConfig.name} brings together the companies and professionals who explore for the
          country&rsquo;s mineral resources: monthly meetings, industry events, news and practical guidance
          for responsible exploration.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:gap-4">
          {/*
            A signed-in account that has not applied is one form away, not at the plans page; someone
            who has applied is offered neither (docs/product-rules.md "Membership lifecycle").
          */}
          {needsApplication ? (
            <Link to={paths.userForms} className={buttonClasses({ variant: 'accent', size: 'lg' })}>
              {COMPLETE_APPLICATION_TEXT}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
          ) : (
            !hasApplied && (
              <Link to={paths.membership} className={buttonClasses({ variant: 'accent', size: 'lg' })}>
                Become a Member Now
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
            )
          )}
          <Link to={paths.about} className={buttonClasses({ variant: 'outlineLight', size: 'lg' })}>
            About {siteConfig.acronym}
          </Link>
        </div>
      </div>
    </section>
  );
}
