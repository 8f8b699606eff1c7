/**
 * The site's topographic contour lines: the home hero's backdrop, and the panels that stand in
 * for a missing photograph. Computed once, on first use: not while the app's modules are
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
