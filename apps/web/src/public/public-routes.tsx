import type { ComponentType } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import type { HeadOf } from '../features/public-site/seo/page-head.ts';
import { NotFoundPage, notFoundHead } from '../app/routes/not-found.tsx';

type PageModule = { head: HeadOf<never>; loader?: LoaderFunction };

/** A public page's lazy route: its component, its loader if any, and its head (read from the route's handle). */
function publicPage<M extends PageModule & Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    return {
      Component: module[name],
      handle: { head: module.head },
      ...(module.loader ? { loader: module.loader } : {}),
    };
  };
}

/**
 * The public site's pages. The pre-renderer (entry-server.tsx) renders them to HTML; the console's
 * router mounts the same routes, so a link from the console to a public page needs no reload.
 */
export const publicRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('../app/layouts/public-layout.tsx')).PublicLayout }),
    children: [
      { path: '/', lazy: publicPage(() => import('../app/routes/landing.tsx'), 'LandingPage') },
      { path: '/pricing', lazy: publicPage(() => import('../app/routes/pricing.tsx'), 'PricingPage') },
      { path: '/blog', lazy: publicPage(() => import('../app/routes/blog.tsx'), 'BlogPage') },
      { path: '/blog/:slug', lazy: publicPage(() => import('../app/routes/blog-post.tsx'), 'BlogPostPage') },
      { path: '/privacy-policy', lazy: publicPage(() => import('../app/routes/legal.tsx'), 'LegalPage') },
      { path: '/terms-of-service', lazy: publicPage(() => import('../app/routes/legal.tsx'), 'LegalPage') },
    ],
  },
];

/** Every other path: the 404 page, which the server answers with status 404. */
export const notFoundRoute: RouteObject = { path: '*', Component: NotFoundPage, handle: { head: notFoundHead } };
