import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { publicRoutes } from '../public/public-routes.tsx';
import { CONSOLE_PATHS } from './console-paths.ts';
import { routes } from './router.tsx';

function pathsOf(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe('router', () => {
  it('answers exactly the console paths the server serves the console shell for, plus the public pages', () => {
    const publicPaths = pathsOf(publicRoutes);
    const consolePaths = pathsOf(routes).filter((path) => path !== '*' && !publicPaths.includes(path));
    expect(consolePaths.sort()).toEqual([...CONSOLE_PATHS].sort());
  });

  it('has no console path that is also a public page', () => {
    const publicPaths = pathsOf(publicRoutes);
    expect(CONSOLE_PATHS.filter((path) => publicPaths.includes(path))).toEqual([]);
  });
});
