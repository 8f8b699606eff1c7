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

/** Muted earth and sky colours of the mineral belts (copper, laterite, nickel, slate), calm beside the site's teal. */
const PALETTES = [
  { sky: ['#f3e3c3', '#e9c48a'], land: ['#8a5a3b', '#6e4530', '#523323', '#362217'], accent: '#c98b4f' },
  { sky: ['#dfe9e4', '#b9d3cb'], land: ['#3f7468', '#2f5d53', '#224840', '#15312c'], accent: '#7fb3a5' },
  { sky: ['#d9dee3', '#aebcc8'], land: ['#5b6975', '#48545e', '#363f47', '#242a30'], accent: '#c9a227' },
  { sky: ['#f4e6d4', '#e3b992'], land: ['#9a5a36', '#7d4529', '#5e321d', '#3f2113'], accent: '#d08a4e' },
  { sky: ['#e4ecd9', '#c3d6b0'], land: ['#55704a', '#43593a', '#31432b', '#212e1d'], accent: '#9bb37d' },
  { sky: ['#e6e4dc', '#c9c4b5'], land: ['#6b6a5e', '#55544a', '#403f37', '#2c2b25'], accent: '#a8a28c' },
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
  ['#1d524a', '#2f7f71'],
  ['#5c3317', '#a86115'],
  ['#2c3e50', '#4a6274'],
  ['#4a5a3a', '#6f8a57'],
  ['#6e3c17', '#b5701f'],
  ['#3d4f5c', '#607d8b'],
  ['#0f2f2a', '#23665b'],
  ['#5a4632', '#8c6d4f'],
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
 * Initials on a gradient: a full-bleed 4:5 portrait (cards crop it to 4:5, avatars to a circle
 * from the centre) or a square logo with a hexagon. Text needs a system font; where none is
 * installed, librsvg draws the background alone, which still works as a placeholder.
 */
function portraitSvg(name: string, seed: number, shape: 'portrait' | 'logo'): string {
  const [from, to] = pick(PORTRAIT_COLOURS, seed);
  const width = PORTRAIT_SIZE;
  const height = shape === 'portrait' ? PORTRAIT_SIZE * 1.25 : PORTRAIT_SIZE;
  const half = width / 2;
  const background =
    shape === 'portrait'
      ? `<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="${half}" cy="${height / 2}" r="150" fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="6"/>`
      : `<rect width="${width}" height="${height}" rx="56" fill="url(#bg)"/>
<polygon points="${half},70 ${half + 110},135 ${half + 110},265 ${half},330 ${half - 110},265 ${half - 110},135" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="10"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
</linearGradient></defs>
${background}
<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="Inter, DejaVu Sans, Arial, sans-serif" font-weight="600" font-size="${shape === 'portrait' ? 110 : 120}" fill="#ffffff">${initialsOf(name)}</text>
</svg>`;
}

async function renderWebp(svg: string): Promise<RenderedImage> {
  // Loaded when the demo is seeded, once: not with every start of the server.
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(svg))
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

export const renderBanner = (seed: number) =>
  renderWebp(seed % 2 === 0 ? landscapeSvg(seed) : strataSvg(seed));

export const renderPortrait = (name: string, seed: number) => renderWebp(portraitSvg(name, seed, 'portrait'));

export const renderLogo = (name: string, seed: number) => renderWebp(portraitSvg(name, seed, 'logo'));
