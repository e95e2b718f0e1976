import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const PREFIX = '#notification-';

/**
 * The notification an address points at (`/flows/:flowId#notification-<id>`, the link in a
 * notification email). Once its row is on the page, it is scrolled into view and focused, once.
 */
export function useNotificationTarget(loadedIds: readonly string[]): string | null {
  const { hash } = useLocation();
  const target = hash.startsWith(PREFIX) ? decodeURIComponent(hash.slice(PREFIX.length)) : null;
  const isLoaded = target !== null && loadedIds.includes(target);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!target || !isLoaded || scrolledTo.current === target) return;
    scrolledTo.current = target;
    const row = document.getElementById(`notification-${target}`);
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [target, isLoaded]);
  return target;
}
