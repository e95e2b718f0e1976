import type { MarkdownDocument } from './markdown-document.ts';

const DOCUMENTS = import.meta.glob<MarkdownDocument>('/content/legal/*.md', { import: 'default' });

export type LegalDocumentName = 'privacy-policy' | 'terms-of-service';

/** A legal page's text; the file name is the page's path. */
export async function getLegalDocument(name: LegalDocumentName): Promise<MarkdownDocument> {
  const load = DOCUMENTS[`/content/legal/${name}.md`];
  if (!load) throw new Error(`content/legal/${name}.md is missing`);
  return load();
}
