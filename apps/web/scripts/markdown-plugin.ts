import { marked } from 'marked';
import type { Plugin } from 'vite';
import type { MarkdownDocument } from '../src/features/public-site/content/markdown-document.ts';
import { parseFrontMatter } from '../src/features/public-site/content/parse-front-matter.ts';

const WORDS_PER_MINUTE = 220;
const SUMMARY_QUERY = '?summary';

function toDocument(source: string, filePath: string): MarkdownDocument {
  const fileName = filePath.split('/').at(-1)!;
  const { data, body } = parseFrontMatter(source, fileName);
  for (const key of ['title', 'description'] as const) {
    if (!data[key]) throw new Error(`${fileName}: front matter needs "${key}"`);
  }
  if (data.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(data.date)) {
    throw new Error(`${fileName}: date must be YYYY-MM-DD, got "${data.date}"`);
  }
  const words = body.split(/\s+/).filter(Boolean).length;
  return {
    slug: fileName.replace(/\.md$/, ''),
    title: data.title!,
    description: data.description!,
    date: data.date ?? null,
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    // Code blocks scroll sideways on phones; focusable, so keyboard users can scroll them too.
    html: marked.parse(body, { async: false, gfm: true }).replaceAll('<pre>', '<pre tabindex="0">'),
  };
}

/**
 * Imports `*.md` as `{ slug, title, description, date, readingMinutes, html }`, rendered at build
 * time so neither Markdown nor a parser reaches the browser. `file.md?summary` leaves out the
 * HTML, for lists.
 */
export function markdownPlugin(): Plugin {
  return {
    name: 'leadbell:markdown',
    transform(code, id) {
      const [filePath, query = ''] = id.split(/(?=\?)/);
      if (!filePath?.endsWith('.md')) return null;
      const document = toDocument(code, filePath);
      const exported = query === SUMMARY_QUERY ? { ...document, html: undefined } : document;
      return { code: `export default ${JSON.stringify(exported)};`, map: null };
    },
  };
}
