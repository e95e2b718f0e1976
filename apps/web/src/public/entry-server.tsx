import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { listBlogPosts } from '../features/public-site/content/blog-posts.ts';
import { pageHeadOf, type PageHead } from '../features/public-site/seo/page-head.ts';
import { islandIdPrefix } from './island-id-prefix.ts';
import { IslandRendererContext, type IslandRenderer } from './island.tsx';
import { notFoundRoute, publicRoutes } from './public-routes.tsx';
import type { SitemapEntry } from './sitemap.ts';

export type RenderedPage = { html: string; head: PageHead };

const handler = createStaticHandler([...publicRoutes, notFoundRoute]);

const renderIsland: IslandRenderer = (name, element) =>
  renderToString(element, { identifierPrefix: islandIdPrefix(name) });

/** Renders one public page to HTML, with the head its route declares. */
export async function renderPage(path: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while pre-rendering`);
  if (context.errors) throw new Error(`${path} failed to render`, { cause: Object.values(context.errors)[0] });
  const head = pageHeadOf(
    context.matches.map((match) => ({ handle: match.route.handle, loaderData: context.loaderData[match.route.id] })),
  );
  if (!head) throw new Error(`${path} has no head: export one from its route module`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <IslandRendererContext value={renderIsland}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </IslandRendererContext>,
  );
  return { html, head };
}

function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

/** A route path as the pages it stands for: one per blog post for `/blog/:slug`. */
function pagesOf(path: string): SitemapEntry[] {
  const posts = listBlogPosts();
  if (path === '/blog/:slug') return posts.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.date }));
  if (path.includes(':')) throw new Error(`Pre-rendering does not know which pages ${path} stands for`);
  return [{ path, lastModified: path === '/blog' ? posts[0]?.date : undefined }];
}

/** Every public page to pre-render, with a last-modified date where the content has one. */
export function listPublicPages(): SitemapEntry[] {
  return pathsOf(publicRoutes).flatMap(pagesOf);
}

/** A path no page claims, so it renders the 404 page. */
export const NOT_FOUND_PATH = '/404';
