import { useId, type ComponentProps, type ReactNode } from "react";

interface FieldLabelling {
  label: string;
  /** Optional only for a control whose raw value must not be posted (the cover's file picker). */
  name?: string;
  error?: string | null | undefined;
  hint?: string;
  className?: string;
  /** Replaces the control's own look (a file picker has one of its own). */
  controlClassName?: string;
  /** Shown in the control's row (beneath it on a phone): a button that acts on this one field (Track Now). */
  beside?: ReactNode;
}

/** A one-line input (the default), with `multiline` a textarea, with `select` a select (its options as children). */
type FormFieldProps =
  | (ComponentProps<"input"> & FieldLabelling & { multiline?: false; select?: false })
  | (ComponentProps<"textarea"> & FieldLabelling & { multiline: true; select?: false })
  | (ComponentProps<"select"> & FieldLabelling & { select: true; multiline?: false });

const CONTROL_CLASSES =
  "rounded-lg border border-brand-600/40 bg-white px-3 py-2.5 text-ink disabled:bg-gray-100 disabled:text-gray-700 aria-invalid:border-red-700";
/** A file picker's look, its button a pill: the text box's frame would not fit it. */
const FILE_CONTROL_CLASSES =
  "w-full min-w-0 rounded-lg border border-brand-600/40 bg-white px-3 py-2.5 text-sm text-ink file:mr-3 file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:py-2 file:font-semibold file:text-brand-800";

/**
 * A labelled input, textarea or select with its error below it (red text, announced and linked through
 * aria-describedby), the one way every form in the shop shows a field. A hint sits under the
 * control, before the error.
 */
export function FormField(props: FormFieldProps) {
  const id = useId();
  const { label, error, hint, className = "", controlClassName } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const control = { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy } as const;
  return (
    <div className={`grid gap-1.5 ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {props.select ? (
        <select
          {...control}
          className={controlClassName ?? `w-full min-w-0 ${CONTROL_CLASSES}`}
          {...withoutLabelling(props)}
        />
      ) : props.multiline ? (
        <textarea
          {...control}
          className={controlClassName ?? `min-h-28 resize-y ${CONTROL_CLASSES}`}
          {...withoutLabelling(props)}
        />
      ) : props.beside ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            {...control}
            className={controlClassName ?? `min-w-0 flex-1 ${CONTROL_CLASSES}`}
            {...withoutLabelling(props)}
          />
          {props.beside}
        </div>
      ) : (
        <input
          {...control}
          className={controlClassName ?? (props.type === "file" ? FILE_CONTROL_CLASSES : CONTROL_CLASSES)}
          {...withoutLabelling(props)}
        />
      )}
      {hint ? (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="break-words text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The props meant for the control itself. */
function withoutLabelling<P extends FieldLabelling & { multiline?: boolean; select?: boolean }>(props: P) {
  const {
    beside: _beside,
    label: _label,
    error: _error,
    hint: _hint,
    className: _className,
    controlClassName: _controlClassName,
    multiline: _multiline,
    select: _select,
    ...control
  } = props;
  return control;
}
