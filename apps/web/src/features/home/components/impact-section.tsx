import { IMPACT_FIGURES } from '@portal/shared';

/** spec 000 §1 / §9: 150+ members, 200+ business linkages, 50+ events annually. */
export function ImpactSection() {
  return (
    <section
      aria-labelledby="impact-title"
      className="below-the-fold relative overflow-hidden bg-brand-900 py-16 sm:py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2
          id="impact-title"
          className="text-center font-semibold text-accent-300 text-sm uppercase tracking-widest"
        >
          Our Impact
        </h2>
        <dl className="mt-10 grid gap-10 sm:grid-cols-3 sm:gap-6">
          {IMPACT_FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col-reverse items-center text-center">
              <dt className="mt-2 font-medium text-brand-100 text-sm uppercase tracking-wider">
                {figure.label}
              </dt>
              <dd className="font-display font-semibold text-5xl text-white sm:text-6xl">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
