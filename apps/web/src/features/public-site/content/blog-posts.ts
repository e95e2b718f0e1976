import type { MarkdownDocument, MarkdownSummary } from './markdown-document.ts';

// Summaries are bundled with the list; each post's HTML is its own chunk, loaded when opened.
const SUMMARIES = import.meta.glob<MarkdownSummary>('/content/blog/*.md', {
  query: '?summary',
  import: 'default',
  eager: true,
});
const POSTS = import.meta.glob<MarkdownDocument>('/content/blog/*.md', { import: 'default' });

/** Every post, newest first. */
export function listBlogPosts(): MarkdownSummary[] {
  return Object.values(SUMMARIES).sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

export async function findBlogPost(slug: string): Promise<MarkdownDocument | null> {
  const load = POSTS[`/content/blog/${slug}.md`];
  return load ? load() : null;
}
