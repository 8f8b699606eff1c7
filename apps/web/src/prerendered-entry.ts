/**
 * The script of a prerendered page (docs/decisions/015), in place of the app's entry (main.tsx):
 * the page is complete without script, so the browser shows it first, and only then fetches and
 * runs the app, which wakes the page up. The build writes the entry's address into `data-app`.
 */
const app = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
if (!app) throw new Error('The page names no app script in data-app');

/**
 * Resolves once the page's first contents are on screen. A hidden tab shows nothing, so it does
 * not wait; nor does a browser that cannot tell, and none waits longer than MAX_WAIT_MS.
 */
function firstContentfulPaint() {
  const MAX_WAIT_MS = 3000;
  return new Promise<void>((resolve) => {
    if (
      document.visibilityState !== 'visible' ||
      !PerformanceObserver.supportedEntryTypes.includes('paint')
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(done, MAX_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}

void firstContentfulPaint().then(() => import(/* @vite-ignore */ app));
