import type { ReactNode } from "react";

/** Title, intro line and actions at the top of every admin screen. */
export function AdminPageHeader({ title, intro, actions }: { title: string; intro?: string; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="font-serif text-3xl font-bold text-brand-800">{title}</h1>
        {intro ? <p className="mt-1 text-gray-700">{intro}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
