/** What a public page puts in its `<head>`: read by the pre-renderer and, for the title, by the console. */
export type PageHead = {
  title: string;
  description: string;
  /** The canonical path; the origin comes from PUBLIC_URL. */
  path: string;
  type?: 'website' | 'article';
  /** `YYYY-MM-DD`, for articles. */
  publishedDate?: string;
  /** Pages that must not be indexed (the 404 page). */
  noindex?: boolean;
  /** schema.org objects, each written as its own JSON-LD script. */
  jsonLd?: object[];
};

/** A route module's `head` export: the page's head from its loader data. */
export type HeadOf<Data = undefined> = (data: Data) => PageHead;

type MatchLike = { handle?: unknown; loaderData?: unknown; data?: unknown };

function headOf(handle: unknown): HeadOf<unknown> | null {
  if (typeof handle !== 'object' || handle === null || !('head' in handle)) return null;
  return typeof handle.head === 'function' ? (handle.head as HeadOf<unknown>) : null;
}

/** The head of the deepest matched route that declares one. */
export function pageHeadOf(matches: readonly MatchLike[]): PageHead | null {
  for (const match of [...matches].reverse()) {
    const head = headOf(match.handle);
    if (head) return head(match.loaderData ?? match.data);
  }
  return null;
}
