import type { ReactNode } from "react";

/** The centred card the sign-in, sign-up and password pages share. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-8">
        <h1 className="font-serif text-3xl font-bold text-brand-800">{title}</h1>
        {intro ? <div className="mt-2 text-gray-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 grid gap-2 text-center text-sm text-gray-700">{footer}</div> : null}
    </div>
  );
}

/** A link under the card to the next account page, after its question ("Remembered it?"). */
export function AuthLink({ question, href, children }: { question?: string; href: string; children: ReactNode }) {
  return (
    <p>
      {question ? `${question} ` : null}
      <a href={href} className="font-semibold text-brand-700 underline">
        {children}
      </a>
    </p>
  );
}
