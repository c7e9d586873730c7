import type { ReactNode } from "react";

/** What a back-office list says in its place when it has no rows. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="mt-6 rounded-xl bg-white p-8 text-center text-gray-700 shadow-sm ring-1 ring-brand-100">{children}</p>
  );
}
