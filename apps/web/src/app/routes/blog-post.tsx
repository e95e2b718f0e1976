import { ChevronLeft } from 'lucide-react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { CallToAction } from '../../features/public-site/components/call-to-action.tsx';
import { Prose } from '../../features/public-site/components/prose.tsx';
import { findBlogPost } from '../../features/public-site/content/blog-posts.ts';
import type { MarkdownDocument } from '../../features/public-site/content/markdown-document.ts';
import { formatLongDate } from '../../features/public-site/format-long-date.ts';
import { blogPostingJsonLd } from '../../features/public-site/seo/blog-posting-json-ld.ts';
import type { HeadOf } from '../../features/public-site/seo/page-head.ts';
import { PUBLIC_URL_TOKEN } from '../../public/site-config.ts';

export async function loader({ params }: LoaderFunctionArgs): Promise<MarkdownDocument> {
  const post = await findBlogPost(params.slug ?? '');
  if (!post) throw data('Post not found', { status: 404 });
  return post;
}

export const head: HeadOf<MarkdownDocument> = (post) => {
  const path = `/blog/${post.slug}`;
  return {
    title: `${post.title} · Leadbell`,
    description: post.description,
    path,
    type: 'article',
    publishedDate: post.date ?? undefined,
    jsonLd: [blogPostingJsonLd(post, `${PUBLIC_URL_TOKEN}${path}`, PUBLIC_URL_TOKEN)],
  };
};

export function BlogPostPage() {
  const post = useLoaderData<typeof loader>();
  return (
    <>
      <article className="mx-auto max-w-2xl px-4 pt-10 pb-8 sm:px-6 sm:pt-16">
        <Link
          to="/blog"
          className="-ml-1 inline-flex items-center gap-1 rounded-md px-1 py-1 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          All articles
        </Link>
        <header className="mt-6">
          <h1 className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl sm:leading-tight dark:text-white">
            {post.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-pretty text-slate-600 dark:text-slate-300">
            {post.description}
          </p>
          <p className="mt-5 border-b border-slate-200 pb-8 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
            By the Leadbell team
            {post.date ? (
              <>
                <span aria-hidden="true"> · </span>
                <time dateTime={post.date}>{formatLongDate(post.date)}</time>
              </>
            ) : null}
            <span aria-hidden="true"> · </span>
            {post.readingMinutes} min read
          </p>
        </header>
        <Prose html={post.html} className="mt-10" />
      </article>
      <CallToAction
        title="Hear about every lead in seconds"
        body="Connect your website to Leadbell and get new inquiries on your phone. The Starter plan is free."
      />
    </>
  );
}
