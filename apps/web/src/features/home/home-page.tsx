import { AboutSection } from './components/about-section';
import { HeroSection } from './components/hero-section';
import { ImpactSection } from './components/impact-section';
import { LatestNewsSection } from './components/latest-news-section';
import { PartnersSection } from './components/partners-section';
import { UpcomingEventsSection } from './components/upcoming-events-section';

/** spec 000 §1 "Home page", in the spec's order. */
export function HomePage() {
  return (
    <>
      <HeroSection />
      <AboutSection />
      <ImpactSection />
      <UpcomingEventsSection />
      <PartnersSection />
      <LatestNewsSection />
    </>
  );
}
