import { siteConfig } from '@portal/shared';
import { Mail, Phone, Scale } from 'lucide-react';
import type { MouseEvent } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { CORNER_ARTICLES } from './ronnies-corner-articles';

const CONTENTS_ID = 'contents-heading';
const telephoneHref = `tel:${siteConfig.phone.replace(/[^+\d]/g, '')}`;

function sectionId(articleId: string, index: number) {
  return `${articleId}-${index + 1}`;
}

/**
 * In-page links scroll and move focus without touching the router's location, so the shell's
 * scroll-to-top on navigation never fights them; without JavaScript the plain #anchor still works.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

/** /ronnies-corner (spec 001 §2 "Static pages"): a biography, contact links and three long articles. */
export function RonniesCornerPage() {
  return (
    <>
      <PageHeader
        eyebrow="Law and Policy"
        title="Ronnie's Corner"
        intro="Plain-language notes on the laws that shape mineral exploration in the Philippines, from our law specialist."
      />

      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <section
          aria-labelledby="about-ronnie-heading"
          className="grid gap-8 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-10 md:grid-cols-[auto_1fr]"
        >
          <div
            aria-hidden="true"
            className="flex size-24 items-center justify-center rounded-full bg-brand-800 font-display font-semibold text-4xl text-accent-200 ring-4 ring-brand-100 sm:size-28"
          >
            R
          </div>
          <div>
            <p className="font-semibold text-accent-700 text-sm uppercase tracking-widest">Law specialist</p>
            <h2 id="about-ronnie-heading" className="mt-1 font-display font-semibold text-3xl">
              About Ronnie
            </h2>
            <div className="mt-5 max-w-3xl space-y-4 text-stone-700 leading-relaxed">
              <p>
                Ronnie is a lawyer whose practice centres on mining and natural-resources law. Much of his
                work has been helping exploration companies, large and small, through the permitting process:
                preparing applications, answering the questions of regulators, and working with host
                communities and local governments on the agreements that allow a project to go ahead.
              </p>
              <p>
                He writes this corner for {siteConfig.acronym} members as a volunteer. His aim is a modest
                one: to explain the rules in plain language, so that geologists, managers and investors know
                which questions to ask, and when to ask them.
              </p>
              <p>
                Suggestions for future articles are welcome through the secretariat. Ronnie cannot advise on a
                particular case through this page; for that, please consult your own counsel.
              </p>
            </div>

            <h3 className="mt-8 font-semibold text-stone-900">Contact</h3>
            <ul className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-6">
              <li>
                <a
                  href={`mailto:${siteConfig.secretariatEmail}?subject=${encodeURIComponent("Question for Ronnie's Corner")}`}
                  className="inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
                >
                  <Mail aria-hidden="true" className="size-4" />
                  <span className="break-all">{siteConfig.secretariatEmail}</span>
                </a>
              </li>
              <li>
                <a
                  href={telephoneHref}
                  className="inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
                >
                  <Phone aria-hidden="true" className="size-4" />
                  {siteConfig.phone}
                </a>
              </li>
            </ul>
          </div>
        </section>

        <div className="mt-16 grid gap-12 lg:grid-cols-[16rem_1fr] lg:gap-16">
          <nav aria-labelledby={CONTENTS_ID} className="lg:sticky lg:top-28 lg:self-start">
            <h2
              id={CONTENTS_ID}
              tabIndex={-1}
              className="scroll-mt-28 font-semibold text-sm text-stone-600 uppercase tracking-widest"
            >
              In this corner
            </h2>
            <ol className="mt-4 space-y-5 border-stone-200 border-l pl-5">
              {CORNER_ARTICLES.map((article) => (
                <li key={article.id}>
                  <a
                    href={`#${article.id}`}
                    onClick={(event) => jumpTo(event, article.id)}
                    className="font-semibold text-brand-800 leading-snug underline-offset-4 hover:underline"
                  >
                    {article.title}
                  </a>
                  <ul className="mt-2 space-y-1.5">
                    {article.sections.map((section, index) => (
                      <li key={section.heading}>
                        <a
                          href={`#${sectionId(article.id, index)}`}
                          onClick={(event) => jumpTo(event, sectionId(article.id, index))}
                          className="text-sm text-stone-600 underline-offset-4 hover:text-brand-700 hover:underline"
                        >
                          {section.heading}
                        </a>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </nav>

          <div className="min-w-0">
            <p className="flex gap-3 rounded-xl bg-brand-50 p-5 text-brand-900 text-sm leading-relaxed">
              <Scale aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              These articles are general information about Philippine law as Ronnie understands it at the time
              of writing. They are not legal advice, and laws and rules change: check the current text, and
              speak to your own lawyer before you act.
            </p>

            {CORNER_ARTICLES.map((article) => (
              <article key={article.id} aria-labelledby={article.id} className="mt-14 first-of-type:mt-12">
                <h2
                  id={article.id}
                  tabIndex={-1}
                  className="scroll-mt-28 font-display font-semibold text-2xl leading-tight sm:text-3xl"
                >
                  {article.title}
                </h2>
                <p className="mt-4 text-lg text-stone-600 leading-relaxed">{article.summary}</p>
                {article.sections.map((section, index) => (
                  <section key={section.heading} className="mt-8">
                    <h3
                      id={sectionId(article.id, index)}
                      tabIndex={-1}
                      className="scroll-mt-28 font-semibold text-stone-900 text-xl"
                    >
                      {section.heading}
                    </h3>
                    <div className="mt-3 space-y-4 text-stone-700 leading-relaxed">
                      {section.paragraphs.map((paragraph) => (
                        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                      ))}
                    </div>
                  </section>
                ))}
                <p className="mt-8">
                  <a
                    href={`#${CONTENTS_ID}`}
                    onClick={(event) => jumpTo(event, CONTENTS_ID)}
                    className="text-sm text-stone-600 underline-offset-4 hover:text-brand-700 hover:underline"
                  >
                    Back to contents
                  </a>
                </p>
              </article>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
