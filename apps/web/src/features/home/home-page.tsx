import type { ReactNode } from 'react';
import { AboutSection } from './components/about-section';
import { CompleteApplicationSection } from './components/complete-application-section';
import { HeroSection } from './components/hero-section';
import { ImpactSection } from './components/impact-section';
import { PartnersSection } from './components/partners-section';

/**
 * spec 000 §1 "Home page", in the spec's order. The events and news sections belong to their
 * features, which this one may not import (docs/code-style.md "Slice by feature"): the route
 * passes them in (app/routes/home-route.tsx).
 */
export function HomePage({
  upcomingEvents,
  latestNews,
}: {
  upcomingEvents: ReactNode;
  latestNews: ReactNode;
}) {
  return (
    <>
      <HeroSection />
      <CompleteApplicationSection />
      <AboutSection />
      <ImpactSection />
      {upcomingEvents}
      <PartnersSection />
      {latestNews}
    </>
  );
}
