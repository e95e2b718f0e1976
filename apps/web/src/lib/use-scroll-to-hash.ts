import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** `/account#plan` (the usage panel's Upgrade) lands on the section, for keyboard users too. */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [hash]);
}
