/**
 * The site's topographic contour lines: the home hero's backdrop (drawn from these paths), and the
 * panels that stand in for a missing photograph (the same paths in assets/contour-lines.svg; a
 * test keeps the two the same). Computed once, on first use: not while the app's modules are
 * evaluated, one long task the page's first response waits for.
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
export const getContours = () => {
  contours ??= Array.from({ length: 11 }, (_, index) => contourPath(index));
  return contours;
};

/**
 * The contour lines alone, for panels that stand in for a missing photograph: the same lines drawn
 * once in assets/contour-lines.svg and painted in the text colour through a CSS mask (styles.css,
 * `contour-lines`), so a list of cards without pictures does not carry eight copies of the paths
 * in its HTML. Its width follows its height.
 */
export function ContourLines({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`contour-lines ${className}`} />;
}
