/*
 * A prerendered page paints from its HTML and stylesheet; its scripts only hydrate it. They are
 * requested here, after the first paint, so nothing competes with that paint (Lighthouse counts every
 * request started before it into LCP). A classic deferred script: the CSP's script-src 'self' allows
 * it, and it reads the entry and its chunks from its own data attributes. scripts/build-web.ts compiles
 * it to one small script (an IIFE, so nothing leaks to the page's globals); it counts in the first
 * view's budget, hence the terse DOM calls.
 */
const data = (document.currentScript as HTMLScriptElement).dataset;

let started = 0;

// Once: the paint, or the 3 s timer for a page that paints nothing.
function load(): void {
  if (started++) return;
  for (const href of data.preload!.split(' ')) if (href) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  void import(data.entry!);
}

// Right after the first contentful paint is presented (a frame's callbacks run before the compositor
// shows it, so requestAnimationFrame can be early). Every browser the build targets has paint timing.
// A page that paints nothing (a tab opened in the background) loads after 3 s, or when shown.
setTimeout(load, 3000);
new PerformanceObserver((list) => {
  if (list.getEntriesByName('first-contentful-paint').length) setTimeout(load);
}).observe({ type: 'paint', buffered: true });

// A module to the type checker (its names stay its own); the build wraps it in a function.
export {};
