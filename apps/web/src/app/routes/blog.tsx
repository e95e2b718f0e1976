import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { listBlogPosts } from '../../features/public-site/content/blog-posts.ts';
import { formatLongDate } from '../../features/public-site/format-long-date.ts';
import type { HeadOf } from '../../features/public-site/seo/page-head.ts';

export const head: HeadOf = () => ({
  title: 'Blog · Leadbell',
  description:
    'Practical advice for small businesses on answering leads faster: speed to lead, connecting your website forms and getting alerts on your phone.',
  path: '/blog',
});

export function BlogPage() {
  const posts = listBlogPosts();
  return (
    <div className="mx-auto max-w-3xl px-4 pt-14 pb-20 sm:px-6 sm:pt-20 sm:pb-28">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-300">Blog</p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
        Answer every lead, faster
      </h1>
      <p className="mt-5 text-lg leading-relaxed text-pretty text-slate-600 dark:text-slate-300">
        Short, practical guides for owners of small businesses who sell through their website.
      </p>
      <ul className="mt-12 grid gap-5">
        {posts.map((post) => (
          <li key={post.slug}>
            <article className="group relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-colors hover:border-brand-300 sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-700">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {post.date ? <time dateTime={post.date}>{formatLongDate(post.date)}</time> : null}
                <span aria-hidden="true"> · </span>
                {post.readingMinutes} min read
              </p>
              <h2 className="mt-2 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl dark:text-white">
                <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 after:rounded-2xl">
                  {post.title}
                </Link>
              </h2>
              <p className="mt-3 leading-relaxed text-slate-600 dark:text-slate-300">{post.description}</p>
              <p
                aria-hidden="true"
                className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 dark:text-brand-300"
              >
                Read the article
                <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
              </p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
