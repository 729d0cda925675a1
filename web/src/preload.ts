// Links preload the chunk of the page they lead to, but the route table loads every page and pages
// hold links: a link importing the table was a cycle (issue 29). The table hands its loader in here
// at start (main.tsx); until then a hover preloads nothing, which only costs the head start.
let loader: (path: string) => void = () => undefined;

/** Set once at start by the module that owns the route table. */
export function setRoutePreloader(preload: (path: string) => void): void {
  loader = preload;
}

/** Preloads a route's chunk (hover or focus on a link to it). */
export function preloadRoute(path: string): void {
  loader(path.split(/[?#]/)[0]);
}
