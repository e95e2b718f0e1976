import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, re-rendering when it changes (e.g. `(min-width: 48rem)`). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
