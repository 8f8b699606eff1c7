import sharp from 'sharp';

/**
 * Demo pictures drawn from SVG, so the seed ships no binary assets and no photographs of real
 * people or places. Each picture is derived from a seed number: the same seed draws the same
 * picture.
 */

export type RenderedImage = { buffer: Buffer; width: number; height: number };

const BANNER_WIDTH = 1200;
const BANNER_HEIGHT = 630;
const PORTRAIT_SIZE = 400;

/** Small deterministic PRNG (mulberry32); Math.random would draw a new demo on every run. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Earth and sky colours of the archipelago's mineral belts: copper, laterite, nickel, slate. */
const PALETTES = [
  { sky: ['#f6d365', '#fda085'], land: ['#7a4b2a', '#5c3a21', '#3f2817', '#2a1a10'], accent: '#b87333' },
  { sky: ['#a1c4fd', '#c2e9fb'], land: ['#4f7f52', '#3b6442', '#294a31', '#1b3322'], accent: '#6fae8f' },
  { sky: ['#fbc2eb', '#a6c1ee'], land: ['#6b5b95', '#4e4376', '#3a3159', '#272040'], accent: '#c9a227' },
  { sky: ['#ffecd2', '#fcb69f'], land: ['#a0522d', '#8b4513', '#6b3410', '#4a230b'], accent: '#d2691e' },
  { sky: ['#d4fc79', '#96e6a1'], land: ['#2f6f6a', '#245955', '#1a4340', '#102d2b'], accent: '#3fa7a0' },
  { sky: ['#e0c3fc', '#8ec5fc'], land: ['#5a6772', '#46515a', '#343c43', '#22282d'], accent: '#9fb4c7' },
] as const;

function pick<T>(items: readonly T[], index: number): T {
  return items[((index % items.length) + items.length) % items.length] as T;
}

function ridgePath(random: () => number, baseline: number, amplitude: number): string {
  const points: string[] = [`M0 ${BANNER_HEIGHT}`, `L0 ${baseline}`];
  const steps = 8 + Math.floor(random() * 6);
  for (let step = 1; step <= steps; step++) {
    const x = (BANNER_WIDTH / steps) * step;
    const y = baseline - random() * amplitude + amplitude / 3;
    const controlX = x - BANNER_WIDTH / steps / 2;
    const controlY = baseline - random() * amplitude * 1.2;
    points.push(`Q${controlX.toFixed(1)} ${controlY.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)}`);
  }
  points.push(`L${BANNER_WIDTH} ${BANNER_HEIGHT} Z`);
  return points.join(' ');
}

/** Layered ridges under a gradient sky: a landscape with no text, for event and news banners. */
function landscapeSvg(seed: number): string {
  const random = randomFrom(seed);
  const palette = pick(PALETTES, seed);
  const sunX = 150 + random() * 900;
  const sunY = 110 + random() * 120;
  const ridges = palette.land
    .map((colour, layer) => {
      const baseline = 300 + layer * 85;
      return `<path d="${ridgePath(random, baseline, 150 - layer * 25)}" fill="${colour}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#sky)"/>
<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${(50 + random() * 40).toFixed(0)}" fill="#fff" opacity="0.55"/>
${ridges}</svg>`;
}

/** Folded sedimentary strata with scattered crystals: an abstract banner with no text. */
function strataSvg(seed: number): string {
  const random = randomFrom(seed);
  const palette = pick(PALETTES, seed + 3);
  const colours = [...palette.land, palette.accent, ...palette.sky];
  const tilt = -12 + random() * 24;
  const bands: string[] = [];
  let y = -200;
  let index = 0;
  while (y < BANNER_HEIGHT + 200) {
    const thickness = 30 + random() * 70;
    const wave = 20 + random() * 40;
    const path =
      `M-200 ${y.toFixed(1)} C300 ${(y - wave).toFixed(1)} 900 ${(y + wave).toFixed(1)} 1400 ${y.toFixed(1)} ` +
      `L1400 ${(y + thickness).toFixed(1)} C900 ${(y + thickness + wave).toFixed(1)} 300 ${(y + thickness - wave).toFixed(1)} -200 ${(y + thickness).toFixed(1)} Z`;
    bands.push(`<path d="${path}" fill="${pick(colours, index + Math.floor(random() * 3))}"/>`);
    y += thickness;
    index++;
  }
  const crystals = Array.from({ length: 14 }, () => {
    const cx = random() * BANNER_WIDTH;
    const cy = random() * BANNER_HEIGHT;
    const size = 8 + random() * 22;
    const points = [0, 1, 2, 3, 4, 5]
      .map((corner) => {
        const angle = (Math.PI / 3) * corner;
        return `${(cx + size * Math.cos(angle)).toFixed(1)},${(cy + size * Math.sin(angle)).toFixed(1)}`;
      })
      .join(' ');
    return `<polygon points="${points}" fill="#ffffff" opacity="${(0.15 + random() * 0.35).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}">
<rect width="100%" height="100%" fill="${palette.land[3]}"/>
<g transform="rotate(${tilt.toFixed(1)} ${BANNER_WIDTH / 2} ${BANNER_HEIGHT / 2})">${bands.join('')}</g>
${crystals}</svg>`;
}

const PORTRAIT_COLOURS = [
  ['#1e3c72', '#2a5298'],
  ['#8e2de2', '#4a00e0'],
  ['#b24592', '#f15f79'],
  ['#134e5e', '#71b280'],
  ['#c94b4b', '#4b134f'],
  ['#355c7d', '#6c5b7b'],
  ['#0f2027', '#2c5364'],
  ['#8a4b08', '#c17d3c'],
] as const;

const HONORIFICS = new Set(['dr', 'engr', 'atty', 'mr', 'ms', 'mrs', 'prof']);

export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\s-]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word && !HONORIFICS.has(word.toLowerCase()));
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * Initials on a gradient disc. Text needs a system font; where none is installed, librsvg draws
 * the disc alone, which still works as a placeholder portrait.
 */
function portraitSvg(name: string, seed: number, shape: 'circle' | 'square'): string {
  const [from, to] = pick(PORTRAIT_COLOURS, seed);
  const half = PORTRAIT_SIZE / 2;
  const background =
    shape === 'circle'
      ? `<circle cx="${half}" cy="${half}" r="${half}" fill="url(#bg)"/>`
      : `<rect width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}" rx="56" fill="url(#bg)"/>
<polygon points="${half},70 ${half + 110},135 ${half + 110},265 ${half},330 ${half - 110},265 ${half - 110},135" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
</linearGradient></defs>
${background}
<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="Inter, DejaVu Sans, Arial, sans-serif" font-weight="600" font-size="${shape === 'circle' ? 150 : 120}" fill="#ffffff">${initialsOf(name)}</text>
</svg>`;
}

async function renderWebp(svg: string): Promise<RenderedImage> {
  const { data, info } = await sharp(Buffer.from(svg))
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

export const renderBanner = (seed: number) =>
  renderWebp(seed % 2 === 0 ? landscapeSvg(seed) : strataSvg(seed));

export const renderPortrait = (name: string, seed: number) => renderWebp(portraitSvg(name, seed, 'circle'));

export const renderLogo = (name: string, seed: number) => renderWebp(portraitSvg(name, seed, 'square'));
