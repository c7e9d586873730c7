import type { ReactNode } from "react";
import type { DetailsAnswer } from "#server/http/details-answer.ts";
import { Dialog } from "./dialog.tsx";

/**
 * A back-office list's "Details" dialog, open while `details.id` is set (`details` is what
 * useDetailsLoader gives). `details.result` is the last answer loaded: until it is the one for
 * the id, a loading line shows; then the details (`children`), or why they cannot be shown.
 */
export function DetailsDialog<Details extends { id: string }>({
  details: { id, result, close },
  title,
  loadingText,
  children,
}: {
  details: { id: string | null; result: DetailsAnswer<Details> | null | undefined; close: () => void };
  title: string;
  loadingText: string;
  children: (details: Details) => ReactNode;
}) {
  const current = result && (result.ok ? result.details.id : result.id) === id ? result : null;
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
      wide
    >
      {current === null ? (
        <p role="status" className="text-gray-700">
          {loadingText}
        </p>
      ) : current.ok ? (
        children(current.details)
      ) : (
        <p role="alert" className="font-medium text-red-700">
          {current.message}
        </p>
      )}
    </Dialog>
  );
}
