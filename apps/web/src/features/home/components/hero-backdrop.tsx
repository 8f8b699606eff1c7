/**
 * The hero's "photograph": a topographic map drawn in SVG over layered ridges, so the home page
 * needs no external image and stays sharp at any size. Contours are computed once at import.
 */

function contourPath(index: number): string {
  const points = 36;
  const base = 30 + index * 30;
  const at = (step: number) => {
    const angle = (2 * Math.PI * step) / points;
    const radius =
      base *
      (1 +
        0.15 * Math.sin(3 * angle + 0.6 + index * 0.2) +
        0.08 * Math.cos(5 * angle + index * 0.35) +
        0.05 * Math.sin(2 * angle + 1.3));
    return [radius * Math.cos(angle) * 1.3, radius * Math.sin(angle)] as const;
  };
  // Quadratic curves through the midpoints give a smooth closed line.
  const mid = (step: number) => {
    const [x1, y1] = at(step);
    const [x2, y2] = at(step + 1);
    return `${((x1 + x2) / 2).toFixed(0)} ${((y1 + y2) / 2).toFixed(0)}`;
  };
  let path = `M${mid(points - 1)}`;
  for (let step = 0; step < points; step += 1) {
    const [x, y] = at(step);
    path += `Q${x.toFixed(0)} ${y.toFixed(0)} ${mid(step)}`;
  }
  return `${path}Z`;
}

const CONTOURS = Array.from({ length: 11 }, (_, index) => contourPath(index));

/** The contour lines alone, for panels that stand in for a missing photograph. */
export function ContourLines({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className} viewBox="-460 -360 920 720" fill="none">
      {CONTOURS.map((d, index) => (
        <path key={d} d={d} stroke="currentColor" strokeWidth={index % 5 === 4 ? 1.6 : 1} />
      ))}
    </svg>
  );
}

export function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="absolute inset-0 -z-10 overflow-hidden">
      <div className="absolute inset-0 bg-[linear-gradient(160deg,#081c19_0%,#0f2f2a_45%,#17413b_100%)]" />
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_55%_50%_at_85%_15%,rgb(223_154_51/0.22),transparent_70%)]" />
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_60%_60%_at_0%_100%,rgb(47_127_113/0.35),transparent_70%)]" />
      <svg
        aria-hidden="true"
        className="absolute top-1/2 left-[72%] h-[140%] -translate-x-1/2 -translate-y-1/2 opacity-60 max-lg:left-[85%]"
        viewBox="-460 -360 920 720"
        fill="none"
      >
        {CONTOURS.map((d, index) => (
          <path
            key={d}
            d={d}
            stroke={index % 5 === 4 ? 'rgb(233 178 87 / 0.35)' : 'rgb(169 214 204 / 0.18)'}
            strokeWidth={index % 5 === 4 ? 1.4 : 1}
          />
        ))}
      </svg>
      <svg
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 h-[38%] w-full"
        viewBox="0 0 1440 320"
        preserveAspectRatio="none"
        fill="none"
      >
        <path
          d="M0 190 L140 120 L250 170 L420 70 L560 150 L700 95 L860 175 L1010 85 L1170 160 L1300 110 L1440 150 V320 H0Z"
          fill="#17413b"
          opacity="0.55"
        />
        <path
          d="M0 250 L180 185 L330 230 L520 160 L690 225 L850 175 L1040 235 L1220 180 L1440 225 V320 H0Z"
          fill="#0f2f2a"
          opacity="0.8"
        />
        <path d="M0 300 L240 262 L470 292 L720 255 L980 290 L1210 260 L1440 285 V320 H0Z" fill="#081c19" />
      </svg>
    </div>
  );
}
