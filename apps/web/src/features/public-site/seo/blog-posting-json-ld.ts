import type { MarkdownDocument } from '../content/markdown-document.ts';

/** schema.org BlogPosting for a post page. */
export function blogPostingJsonLd(post: MarkdownDocument, url: string, origin: string): object {
  const publisher = { '@type': 'Organization', name: 'Leadbell', url: `${origin}/` };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    ...(post.date ? { datePublished: post.date } : {}),
    mainEntityOfPage: url,
    author: publisher,
    publisher,
  };
}
