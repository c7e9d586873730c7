import type { ActionFailure } from "#server/http/action-result.ts";

/** A refusal's message above the form, where no field can show it (too many posts, a fault). */
export function FormAlert({ message, className }: { message: string | null | undefined; className?: string }) {
  return message ? (
    <p
      role="alert"
      className={`${className ? `${className} ` : ""}rounded-lg bg-red-50 p-4 text-red-900 ring-1 ring-red-700/40`}
    >
      {message}
    </p>
  ) : null;
}

/** The message of a refusal that names no field (the others are shown under their fields). */
export function messageWithoutField(failure: ActionFailure["error"] | undefined): string | null {
  return failure && !Object.keys(failure.fieldErrors ?? {}).length ? failure.message : null;
}
