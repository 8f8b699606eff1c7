import { TRUSTED_PARTNERS } from '@portal/shared';
import { PartnerMark } from '@/components/ui/partner-mark';
import { SectionHeading } from '@/components/ui/section-heading';

/** spec 000 §2 "Trusted partners (static)". */
export function PartnersSection() {
  return (
    <section aria-labelledby="partners-title" className="below-the-fold bg-white py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="partners-title"
          eyebrow="Working Together"
          title="Trusted Partners"
          intro="We work alongside government, industry and professional bodies for a responsible, well-regulated exploration sector."
        />
        <ul className="mt-12 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
          {TRUSTED_PARTNERS.map((partner) => (
            <li
              key={partner.id}
              className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-stone-50 p-5 lg:flex-col lg:p-6 lg:text-center"
            >
              <PartnerMark partner={partner} />
              <span className="font-medium text-sm text-stone-800 leading-snug">{partner.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
