import { useEffect, useState } from 'react';
import { parseRoute, type Route } from './route.js';

/** The current route, following the address's hash (the back button works, views can be bookmarked). */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}
