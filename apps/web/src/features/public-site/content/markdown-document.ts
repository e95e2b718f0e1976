/** A Markdown file from apps/web/content, turned into HTML at build time by scripts/markdown-plugin.ts. */
export type MarkdownDocument = {
  /** The file name without `.md`; the last segment of the page's path. */
  slug: string;
  title: string;
  description: string;
  /** `YYYY-MM-DD`, for dated content such as blog posts. */
  date: string | null;
  readingMinutes: number;
  html: string;
};

/** What a list needs: the document without its body, so the list page does not download every post. */
export type MarkdownSummary = Omit<MarkdownDocument, 'html'>;
