import { createContext, use, type ComponentType, type ReactElement } from 'react';
import { FaqAccordion } from '../features/public-site/components/faq-accordion.tsx';

/**
 * The interactive parts of the public pages. Everything else on a pre-rendered page is plain
 * HTML, so a page without islands loads no React at all (docs/decisions/018-pre-rendered-public-site.md).
 */
export const ISLAND_COMPONENTS = { faq: FaqAccordion } satisfies Record<string, ComponentType>;
export type IslandName = keyof typeof ISLAND_COMPONENTS;

/** Renders one island to HTML on its own root; provided only while pre-rendering. */
export type IslandRenderer = (name: IslandName, element: ReactElement) => string;
export const IslandRendererContext = createContext<IslandRenderer | null>(null);

/**
 * An island: pre-rendered as its own React root (so its `useId`s match when the public entry
 * hydrates it alone), rendered as a plain component everywhere else (the console, dev server).
 */
export function Island({ name }: { name: IslandName }) {
  const renderIsland = use(IslandRendererContext);
  const Component = ISLAND_COMPONENTS[name];
  if (!renderIsland) return <Component />;
  return <div data-island={name} dangerouslySetInnerHTML={{ __html: renderIsland(name, <Component />) }} />;
}
