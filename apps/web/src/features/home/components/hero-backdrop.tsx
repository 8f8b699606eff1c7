import type { CSSProperties } from 'react';
import { getContours } from '@/components/ui/contour-lines';

/**
 * The hero's "photograph": a topographic map drawn in SVG over layered ridges, so the home page
 * needs no external image and stays sharp at any size.
 */

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
