import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Prose } from '../../features/public-site/components/prose.tsx';
import { getLegalDocument, type LegalDocumentName } from '../../features/public-site/content/legal-documents.ts';
import type { MarkdownDocument } from '../../features/public-site/content/markdown-document.ts';
import { formatLongDate } from '../../features/public-site/format-long-date.ts';
import type { HeadOf } from '../../features/public-site/seo/page-head.ts';
import { SUPPORT_EMAIL_TOKEN, supportEmail } from '../../public/site-config.ts';

/** The document is named like the page's path: /privacy-policy reads content/legal/privacy-policy.md. */
export function loader({ request }: LoaderFunctionArgs): Promise<MarkdownDocument> {
  return getLegalDocument(new URL(request.url).pathname.slice(1) as LegalDocumentName);
}

export const head: HeadOf<MarkdownDocument> = (document) => ({
  title: `${document.title} · Leadbell`,
  description: document.description,
  path: `/${document.slug}`,
});

export function LegalPage() {
  const document = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16 sm:pb-28">
      <header className="border-b border-slate-200 pb-8 dark:border-slate-800">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          {document.title}
        </h1>
        {document.date ? (
          <p className="mt-4 text-slate-600 dark:text-slate-400">
            Effective <time dateTime={document.date}>{formatLongDate(document.date)}</time>
          </p>
        ) : null}
      </header>
      <Prose html={document.html.replaceAll(SUPPORT_EMAIL_TOKEN, supportEmail())} className="mt-10" />
    </article>
  );
}
