import { UpcomingEventsSection } from '@/features/events/components/upcoming-events-section';
import { HomePage } from '@/features/home/home-page';
import { LatestNewsSection } from '@/features/news/components/latest-news-section';

/**
 * The home page with the events and news sections of their own features
 * (docs/code-style.md "Slice by feature").
 */
export function HomeRoute() {
  return <HomePage upcomingEvents={<UpcomingEventsSection />} latestNews={<LatestNewsSection />} />;
}
