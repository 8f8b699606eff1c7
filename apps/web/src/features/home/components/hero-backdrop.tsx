import type { CSSProperties } from 'react';

/**
 * The hero's "photograph": a topographic map drawn in SVG over layered ridges, so the home page
 * needs no external image and stays sharp at any size. Contours are computed once, on first use:
 * not while the app's modules are evaluated, one long task the page's first response waits for.
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

let contours: string[] | undefined;
const getContours = () => {
  contours ??= Array.from({ length: 11 }, (_, index) => contourPath(index));
  return contours;
};

/** The contour lines alone, for panels that stand in for a missing photograph. */
export function ContourLines({ className = '' }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className} viewBox="-460 -360 920 720" fill="none">
      {getContours().map((d, index) => (
        <path key={d} d={d} stroke="currentColor" strokeWidth={index % 5 === 4 ? 1.6 : 1} />
      ))}
    </svg>
  );
}

const contourSvg = () =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-460 -360 920 720" fill="none">${getContours()
    .map(
      (d, index) =>
        `<path d="${d}" stroke="${index % 5 === 4 ? 'rgb(233 178 87 / 0.21)' : 'rgb(169 214 204 / 0.11)'}" stroke-width="${index % 5 === 4 ? 1.4 : 1}"/>`,
    )
    .join('')}</svg>`;

const RIDGES_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1440 320" preserveAspectRatio="none" fill="none"><path d="M0 190 L140 120 L250 170 L420 70 L560 150 L700 95 L860 175 L1010 85 L1170 160 L1300 110 L1440 150 V320 H0Z" fill="#17413b" opacity="0.55"/><path d="M0 250 L180 185 L330 230 L520 160 L690 225 L850 175 L1040 235 L1220 180 L1440 225 V320 H0Z" fill="#0f2f2a" opacity="0.8"/><path d="M0 300 L240 262 L470 292 L720 255 L980 290 L1210 260 L1440 285 V320 H0Z" fill="#081c19"/></svg>`;

const svgUrl = (svg: string) => `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;

/**
 * Drawn as CSS backgrounds, not elements: the hero's height follows its text, which re-wraps when
 * the web fonts arrive, and a background that resizes is not a layout shift (an element is).
 */
let backdropStyle: CSSProperties | undefined;
const getBackdropStyle = (): CSSProperties => {
  backdropStyle ??= {
    backgroundImage: [
      svgUrl(RIDGES_SVG),
      svgUrl(contourSvg()),
      'radial-gradient(ellipse 55% 50% at 85% 15%, rgb(223 154 51 / 0.22), transparent 70%)',
      'radial-gradient(ellipse 60% 60% at 0% 100%, rgb(47 127 113 / 0.35), transparent 70%)',
      'linear-gradient(160deg, #081c19 0%, #0f2f2a 45%, #17413b 100%)',
    ].join(', '),
    backgroundRepeat: 'no-repeat',
    backgroundSize: '100% 38%, auto 140%, 100% 100%, 100% 100%, 100% 100%',
    backgroundPosition: 'bottom, 72% 50%, center, center, center',
  };
  return backdropStyle;
};

export function HeroBackdrop() {
  return <div aria-hidden="true" className="absolute inset-0 -z-10" style={getBackdropStyle()} />;
}
