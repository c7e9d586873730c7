import { useId, type InputHTMLAttributes } from "react";

/**
 * A labelled input with its error below it (red text, announced and linked through
 * aria-describedby), the one way every form in the shop shows a field.
 */
export function FormField({
  label,
  error,
  hint,
  className = "",
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string | null; hint?: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`grid gap-1.5 ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="rounded-lg border border-brand-600/40 bg-white px-3 py-2.5 text-ink disabled:bg-gray-100 disabled:text-gray-700 aria-invalid:border-red-700"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
