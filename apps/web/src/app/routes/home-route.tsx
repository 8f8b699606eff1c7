import { UpcomingEventsSection } from '@/features/events/components/upcoming-events-section';
import { HomePage } from '@/features/home/home-page';
import { LatestNewsSection } from '@/features/news/components/latest-news-section';

/** The home page with the events and news sections of their own features (STYLE.md: routes compose). */
export function HomeRoute() {
  return <HomePage upcomingEvents={<UpcomingEventsSection />} latestNews={<LatestNewsSection />} />;
}
