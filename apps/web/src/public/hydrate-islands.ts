import type { ComponentType } from 'react';
import { islandIdPrefix } from './island-id-prefix.ts';
import type { IslandName } from './island.tsx';

const LOADERS: Record<IslandName, () => Promise<ComponentType>> = {
  faq: () => import('../features/public-site/components/faq-accordion.tsx').then((module) => module.FaqAccordion),
};

/** Starts loading an island this far before it scrolls into view, so it is ready when reached. */
const AHEAD = '600px 0px';

async function hydrate(element: HTMLElement): Promise<void> {
  const name = element.dataset.island as IslandName;
  const [{ createElement }, { hydrateRoot }, Component] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    LOADERS[name](),
  ]);
  hydrateRoot(element, createElement(Component), { identifierPrefix: islandIdPrefix(name) });
}

/**
 * Hydrates each island as it nears the viewport. React is fetched only for a page that has an
 * island, and only once the visitor gets close to it, so it never delays the first paint or
 * blocks the main thread while the page loads.
 */
export function hydrateIslands(root: ParentNode): void {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  if (elements.length === 0) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void hydrate(entry.target as HTMLElement);
      }
    },
    { rootMargin: AHEAD },
  );
  for (const element of elements) observer.observe(element);
}
