import { dataProtectionOfficer, formatDate, PRIVACY_NOTICE } from '@portal/shared';
import { Mail, MapPin, Phone, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

const BASIS_LABELS = {
  consent: 'Consent',
  contract: 'Contract',
  'legal obligation': 'Legal obligation',
  'legitimate interest': 'Legitimate interest',
} as const;

const BASIS_TONES = {
  consent: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  contract: 'bg-sky-50 text-sky-800 ring-sky-200',
  'legal obligation': 'bg-amber-50 text-amber-900 ring-amber-200',
  'legitimate interest': 'bg-stone-100 text-stone-700 ring-stone-200',
} as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="scroll-mt-24">
      <h2 id={id} className="font-display font-semibold text-2xl text-stone-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-stone-700 leading-relaxed">{children}</div>
    </section>
  );
}

/**
 * /privacy: the privacy notice (docs/product-rules.md "Privacy", docs/decisions/065), drawn from
 * `PRIVACY_NOTICE` in packages/shared, so the page, the API's version and the consents recorded
 * under it agree. Prerendered like /about (docs/decisions/015): it needs no data.
 */
export function PrivacyPage() {
  const notice = PRIVACY_NOTICE;
  const dpo = dataProtectionOfficer;
  const dpoTelephone = dpo.phone.replace(/[^\d+]/g, '');
  return (
    <>
      <PageHeader
        eyebrow="Privacy"
        title="Privacy Notice"
        intro={<p>{`Version ${notice.version}, published ${formatDate(notice.publishedOn)}`}</p>}
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-[1fr_18rem] lg:gap-16">
          <div className="min-w-0 space-y-12">
            <p className="text-lg text-stone-700 leading-relaxed">{notice.introduction}</p>

            <Section id="controller-heading" title="Who keeps your information">
              <p>
                The personal information controller is the <strong>{notice.controller.name}</strong>,{' '}
                {notice.controller.address}. You can reach the secretariat at{' '}
                <a
                  className="font-medium text-brand-800 underline"
                  href={`mailto:${notice.controller.email}`}
                >
                  {notice.controller.email}
                </a>{' '}
                or {notice.controller.phone}.
              </p>
            </Section>

            <Section id="purposes-heading" title="What we keep, why, and on what basis">
              <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
                {notice.purposes.map((purpose) => (
                  <li key={purpose.title} className="p-5">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                      <h3 className="font-semibold text-stone-900">{purpose.title}</h3>
                      <span
                        className={`rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset ${BASIS_TONES[purpose.basis]}`}
                      >
                        {BASIS_LABELS[purpose.basis]}
                      </span>
                    </div>
                    <p className="mt-2 text-sm text-stone-600">{purpose.data}</p>
                    <p className="mt-1 text-sm">{purpose.explanation}</p>
                  </li>
                ))}
              </ul>
              <p className="text-sm text-stone-600">
                The lawful bases are those of the Data Privacy Act of 2012: your consent, a contract with you
                (your account and membership), a legal obligation of the association, or its legitimate
                interest.
              </p>
            </Section>

            <Section id="sharing-heading" title="Who else receives it">
              <div className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
                {/* Cells wrap on a phone: a sideways-scrolling table is a region keyboards cannot reach. */}
                <table className="w-full text-left text-sm">
                  <thead className="bg-stone-50 text-stone-600">
                    <tr>
                      <th scope="col" className="px-3 py-3 font-semibold sm:px-5">
                        Recipient
                      </th>
                      <th scope="col" className="px-3 py-3 font-semibold sm:px-5">
                        What
                      </th>
                      <th scope="col" className="px-3 py-3 font-semibold sm:px-5">
                        Why
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-200">
                    {notice.sharing.map((recipient) => (
                      <tr key={recipient.who}>
                        <th scope="row" className="px-3 py-3 align-top font-medium text-stone-900 sm:px-5">
                          {recipient.who}
                        </th>
                        <td className="px-3 py-3 align-top sm:px-5">{recipient.what}</td>
                        <td className="px-3 py-3 align-top sm:px-5">{recipient.why}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="text-sm text-stone-600">We never sell personal information.</p>
            </Section>

            <Section id="retention-heading" title="How long we keep it">
              <dl className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
                {notice.retention.map((item) => (
                  <div key={item.data} className="grid gap-1 px-5 py-3 sm:grid-cols-2 sm:gap-6">
                    <dt className="font-medium text-stone-900">{item.data}</dt>
                    <dd className="text-sm sm:text-base">{item.kept}</dd>
                  </div>
                ))}
              </dl>
            </Section>

            <Section id="rights-heading" title="Your rights and how to use them">
              <ul className="space-y-3">
                {notice.rights.map((right) => (
                  <li key={right.right} className="flex gap-3">
                    <ShieldCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
                    <p>
                      <strong className="text-stone-900">{right.right}.</strong> {right.how}
                    </p>
                  </li>
                ))}
              </ul>
              <p>
                Signed in, you find your choices on{' '}
                <Link to={`${paths.profile}#privacy`} className="font-medium text-brand-800 underline">
                  your profile
                </Link>
                .
              </p>
            </Section>
          </div>

          <aside
            aria-labelledby="dpo-heading"
            className="self-start rounded-2xl bg-brand-50 p-6 lg:sticky lg:top-28"
          >
            <h2 id="dpo-heading" className="font-display font-semibold text-brand-950 text-xl">
              Data Protection Officer
            </h2>
            <p className="mt-2 text-sm text-stone-700">
              Write to our {dpo.name} about anything in this notice or to use your rights.
            </p>
            <ul className="mt-4 space-y-3 text-sm">
              <li className="flex gap-3">
                <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                <a href={`mailto:${dpo.email}`} className="break-all font-medium text-brand-800 underline">
                  {dpo.email}
                </a>
              </li>
              <li className="flex gap-3">
                <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                <a href={`tel:${dpoTelephone}`} className="text-stone-800">
                  {dpo.phone}
                </a>
              </li>
              <li className="flex gap-3">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                <address className="text-stone-800 not-italic leading-relaxed">{dpo.address}</address>
              </li>
            </ul>
          </aside>
        </div>
      </div>
    </>
  );
}
