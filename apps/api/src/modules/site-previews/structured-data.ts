import {
  type EventDetail,
  eventCalendarTimes,
  eventPlaceLines,
  type NewsDetail,
  siteConfig,
  sitePaths,
} from '@portal/shared';
import type { Event, NewsArticle, Offer, Organization, Place, WithContext } from 'schema-dts';
import type { Config } from '../../config';

/**
 * What search engines read about a page beyond its text (docs/product-rules.md "What other
 * software reads"): schema.org JSON-LD, typed by `schema-dts`, of an event (Event), an article
 * (NewsArticle) and the association itself on the home page (Organization).
 */

/** The association, as every page's organizer and publisher. */
export const organizationJsonLd = (config: Config): WithContext<Organization> => ({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: siteConfig.name,
  alternateName: siteConfig.acronym,
  url: `${config.publicUrl}/`,
  email: siteConfig.secretariatEmail,
  telephone: siteConfig.phone,
  address: siteConfig.address,
  foundingDate: String(siteConfig.registeredYear),
});

/** Pesos from centavos with two decimals, as schema.org's `price` is read. */
const pesos = (centavos: number) => (centavos / 100).toFixed(2);

/** Manila's wall clock with its offset, as schema.org dates take it: `2099-06-10T09:30:00+08:00`. */
const manilaDateTime = (instant: Date) =>
  `${new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;

/**
 * An event's page: its dates (a day without a time as a date), its place, one offer per price
 * tier a guest is shown (free when it has none), its organizer, and whether it was cancelled.
 */
export function eventJsonLd(config: Config, event: EventDetail): WithContext<Event> {
  const url = `${config.publicUrl}${sitePaths.eventDetail(event.id)}`;
  const times = eventCalendarTimes(event);
  const place: Place = {
    '@type': 'Place',
    name: event.location_name ?? eventPlaceLines(event)[0] ?? siteConfig.name,
    address: eventPlaceLines(event).join(', ') || undefined,
  };
  const offers: Offer[] =
    event.price_tiers.length > 0
      ? event.price_tiers.map((tier) => ({
          '@type': 'Offer',
          name: tier.name,
          price: pesos(tier.amount),
          priceCurrency: 'PHP',
          url,
        }))
      : // The event's single price, in pesos (spec 001's field), when it has no tiers.
        [{ '@type': 'Offer', price: (event.price ?? 0).toFixed(2), priceCurrency: 'PHP', url }];
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description ?? undefined,
    url,
    startDate: times.allDay ? times.firstDay : manilaDateTime(times.start),
    endDate: times.allDay ? (event.end_date ?? event.start_date) : manilaDateTime(times.end),
    eventStatus:
      event.status === 'cancelled'
        ? 'https://schema.org/EventCancelled'
        : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: place,
    image: event.banner_image_url ? [absolute(config, event.banner_image_url)] : undefined,
    isAccessibleForFree: offers.every((offer) => offer.price === '0.00'),
    offers,
    organizer: event.organizer_name
      ? { '@type': 'Organization', name: event.organizer_name }
      : { '@type': 'Organization', name: siteConfig.name, url: `${config.publicUrl}/` },
  };
}

/** An article's page: headline, dates, author, image and the association as publisher. */
export function articleJsonLd(config: Config, article: NewsDetail): WithContext<NewsArticle> {
  const url = `${config.publicUrl}${sitePaths.newsArticle(article.id)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.description ?? undefined,
    url,
    mainEntityOfPage: url,
    datePublished: article.created_at,
    dateModified: article.updated_at,
    author: article.author
      ? { '@type': 'Person', name: article.author }
      : { '@type': 'Organization', name: siteConfig.name },
    image: article.image_gallery.map((image) => absolute(config, image)),
    publisher: { '@type': 'Organization', name: siteConfig.name, url: `${config.publicUrl}/` },
  };
}

const absolute = (config: Config, path: string) =>
  path.startsWith('/') ? `${config.publicUrl}${path}` : path;

/**
 * The <script> that carries it: `<` written as `\u003c`, so no text of the record (a title with
 * `</script>`) can end the script early.
 */
export const jsonLdScript = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
