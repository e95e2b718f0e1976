import { describe, expect, it } from 'vitest';
import { pageHeadOf, type HeadOf } from './page-head.ts';

const postHead: HeadOf<{ title: string }> = (post) => ({ title: post.title, description: 'A post', path: '/blog/a' });

describe('pageHeadOf', () => {
  it('takes the deepest route that declares a head, with that route’s loader data', () => {
    const matches = [
      { handle: { head: () => ({ title: 'Layout', description: '', path: '/' }) } },
      { handle: { head: postHead }, loaderData: { title: 'Speed to lead' } },
      { handle: undefined },
    ];
    expect(pageHeadOf(matches)?.title).toBe('Speed to lead');
  });

  it('reads `data`, as the browser router names loader data on matches', () => {
    expect(pageHeadOf([{ handle: { head: postHead }, data: { title: 'From the router' } }])?.title).toBe(
      'From the router',
    );
  });

  it('is null when no route declares a head', () => {
    expect(pageHeadOf([{ handle: { skipOnboarding: true } }, {}])).toBeNull();
  });
});
