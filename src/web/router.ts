import { useEffect, useState } from 'react';

/**
 * The app's pages, in the URL's hash (`#/` the first page, `#/referee/reaction-test`, `#/battles`,
 * `#/play/<game id>`, `#/report/<game id>`, `#/editor`), so the server serves one page and links, reloads and the back button work.
 */
export type Route =
  | { readonly page: 'home' }
  | { readonly page: 'referee'; readonly procedure?: string }
  | { readonly page: 'battles' }
  | { readonly page: 'editor' }
  | {
      readonly page: 'play';
      readonly game: string;
      /** An invitation's query (`seat=...`), when the address holds one (GamePage keeps its keys). */
      readonly invitation?: string;
    }
  | { readonly page: 'report'; readonly game: string };

function parseRoute(hash: string): Route {
  // A query after the path (an invitation's `?seat=...`) is not part of the path.
  const parts = hash
    .replace(/^#\/?/, '')
    .replace(/\?.*$/, '')
    .split('/')
    .filter(Boolean)
    .map(decodeURIComponent);
  if (parts[0] === undefined) return { page: 'home' };
  if (parts[0] === 'battles') return { page: 'battles' };
  if (parts[0] === 'editor') return { page: 'editor' };
  if (parts[0] === 'report' && parts[1] !== undefined) return { page: 'report', game: parts[1] };
  if (parts[0] === 'play' && parts[1] !== undefined) {
    const query = /\?(.*)$/.exec(hash)?.[1];
    return { page: 'play', game: parts[1], ...(query ? { invitation: query } : {}) };
  }
  return parts[1] === undefined ? { page: 'referee' } : { page: 'referee', procedure: parts[1] };
}

export function routeHref(route: Route): string {
  if (route.page === 'home') return '#/';
  if (route.page === 'battles') return '#/battles';
  if (route.page === 'editor') return '#/editor';
  if (route.page === 'play') return `#/play/${encodeURIComponent(route.game)}`;
  if (route.page === 'report') return `#/report/${encodeURIComponent(route.game)}`;
  return route.procedure === undefined ? '#/referee' : `#/referee/${encodeURIComponent(route.procedure)}`;
}

/** The current route, following the hash. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const follow = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return route;
}

export function navigate(route: Route): void {
  window.location.hash = routeHref(route);
}
