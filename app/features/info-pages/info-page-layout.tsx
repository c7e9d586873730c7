import type { ReactNode } from "react";

/** Store details every info page receives; both come from the store settings in the database. */
export interface StoreInfoProps {
  storeName: string;
  contactEmail: string;
}

/**
 * Typography for the page body. Tailwind v4 arbitrary variants style the plain HTML the pages
 * render (h2, h3, p, lists, links, tables…), so the page files stay free of repeated classes.
 * All text colours pass WCAG AA on both white and brand-50 (#fdf8ee).
 */
const PROSE_CLASSES = [
  "text-base leading-7 text-gray-700",
  // Headings
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-tight [&_h2]:text-brand-800",
  "[&_h3]:mt-8 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:leading-snug [&_h3]:text-brand-800",
  "[&>:first-child]:mt-0",
  // Paragraphs and inline text
  "[&_p]:mt-4",
  "[&_strong]:font-semibold [&_strong]:text-ink",
  "[&_em]:italic",
  // Lists
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:mt-2 [&_li]:pl-1 [&_li::marker]:text-brand-700",
  "[&_dl]:mt-4 [&_dt]:mt-4 [&_dt]:font-semibold [&_dt]:text-ink [&_dd]:mt-1",
  // Links
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2",
  "[&_a:hover]:text-brand-800 [&_a:hover]:decoration-2",
  // Quotations (e.g. Scripture)
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-600 [&_blockquote]:pl-4 [&_blockquote]:font-serif [&_blockquote]:italic [&_blockquote]:text-ink",
  // Tables
  "[&_table]:mt-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-left",
  "[&_caption]:mb-2 [&_caption]:text-left [&_caption]:font-semibold [&_caption]:text-ink",
  "[&_th]:border-b-2 [&_th]:border-brand-100 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold [&_th]:text-ink",
  "[&_td]:border-b [&_td]:border-brand-100 [&_td]:px-3 [&_td]:py-2",
  // Horizontal rules
  "[&_hr]:my-10 [&_hr]:border-brand-100",
].join(" ");

export function InfoPageLayout({
  title,
  intro,
  lastUpdated,
  children,
}: {
  title: string;
  intro?: string;
  lastUpdated?: { iso: string; label: string };
  children: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-brand-100 pb-8">
        <h1 className="font-serif text-4xl font-bold leading-tight text-brand-800 sm:text-5xl">{title}</h1>
        {intro ? <p className="mt-4 text-lg leading-8 text-gray-700 sm:text-xl">{intro}</p> : null}
      </header>
      <div className={`mt-10 ${PROSE_CLASSES}`}>
        {lastUpdated ? <LastUpdated isoDate={lastUpdated.iso} label={lastUpdated.label} /> : null}
        {children}
      </div>
    </article>
  );
}

/** "Last updated" line for legal documents, with a machine-readable date. */
function LastUpdated({ isoDate, label }: { isoDate: string; label: string }) {
  return (
    <p className="text-sm">
      <strong>Last updated:</strong> <time dateTime={isoDate}>{label}</time>
    </p>
  );
}
