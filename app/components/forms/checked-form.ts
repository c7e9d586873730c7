import type { ZodType } from "zod";
import type { ActionResult } from "#server/http/action-result.ts";
import { formErrors } from "#common/forms/form-errors.ts";
import { formValues } from "#common/forms/form-values.ts";
import { showToast, type ToastMessage } from "#app/components/ui/toast.tsx";

/** The shared schema, or a loader of it (an island that keeps zod out of its first chunk). */
export type FormSchema = ZodType | (() => Promise<ZodType>);

export interface CheckedFormOptions {
  schema: FormSchema;
  /** The fields in display order: the first invalid one takes the focus and names the toast's message. */
  fieldOrder?: readonly string[] | undefined;
  /** What the schema reads from the posted form; by default `formValues(form, schema)`. */
  values?: ((form: FormData) => unknown) | undefined;
  /** Title of the toast the form shows when its own check refuses (no request, so no server toast). */
  failureTitle: string;
  /** Shows the server's refusal as a toast too, where no server toast can arrive (an island's document post). */
  toastServerRefusal?: boolean | undefined;
  /** Posts a checked form itself; by default the browser (or React Router) posts it as the event goes on. */
  post?: ((form: HTMLFormElement, data: FormData) => void) | undefined;
  /** What takes the keyboard after a refusal (a summary, a file picker); undefined: the first invalid field's control. */
  focus?: ((field: string | undefined) => HTMLElement | null | undefined) | undefined;
  /** Runs with the errors of a refusal, before they render (open the section that holds a field). */
  onRefused?: ((fieldErrors: Record<string, string>) => void) | undefined;
  /** Empties the form after the server accepted it (a form that stays on its page). */
  resetOnSuccess?: boolean | undefined;
  /** Clears a field's message as soon as it changes. */
  clearOnInput?: boolean | undefined;
  /** Where toasts go; tests pass their own. */
  toast?: ((message: ToastMessage) => void) | undefined;
}

/** What a form shows: one message per field and the refusal's message (null when nothing was refused). */
export interface FormView {
  fieldErrors: Record<string, string>;
  message: string | null;
}

/** The form's own state: the errors it set, and the server answer that was current when it set them. */
interface State extends FormView {
  after: ActionResult | undefined;
}

const NOTHING: FormView = { fieldErrors: {}, message: null };

/**
 * The client half of every form, without React: checks the shared schema before posting, keeps
 * the field messages of the check or of the server's refusal (the newer wins), and moves the
 * keyboard to the first field that needs attention. React (use-checked-form.ts) only renders it,
 * so the same core serves islands, pages React Router hydrates, and tests.
 */
export function createCheckedForm(initial: CheckedFormOptions) {
  let options = initial;
  let state: State = { after: undefined, ...NOTHING };
  let element: HTMLFormElement | null = null;
  let checking = false;
  const listeners = new Set<() => void>();

  const set = (next: State) => {
    state = next;
    for (const listener of listeners) listener();
  };

  /** The errors to show while `result` is the server's last answer. */
  const view = (current: State, result: ActionResult | undefined): FormView =>
    current.after === result ? current : refusalOf(result);

  const firstField = (fieldErrors: Record<string, string>) =>
    (options.fieldOrder ?? []).find((field) => fieldErrors[field]) ?? Object.keys(fieldErrors)[0];

  const focusFirst = (form: HTMLFormElement, fieldErrors: Record<string, string>) => {
    const field = firstField(fieldErrors);
    const chosen = options.focus?.(field);
    (chosen === undefined && field ? fieldControl(form, field) : chosen)?.focus();
  };

  const refuse = (form: HTMLFormElement, refused: FormView & { message: string }, result: ActionResult | undefined) => {
    options.onRefused?.(refused.fieldErrors);
    set({ after: result, ...refused });
    (options.toast ?? showToast)({ title: options.failureTitle, description: refused.message, variant: "destructive" });
    // After the errors have rendered, so the field (in a section just opened) can take the focus.
    setTimeout(() => focusFirst(form, refused.fieldErrors), 0);
  };

  const check = (schema: ZodType, data: FormData) => {
    const parsed = schema.safeParse(options.values ? options.values(data) : formValues(data, schema));
    return parsed.success ? null : formErrors(parsed.error, options.fieldOrder);
  };

  const accept = (
    form: HTMLFormElement,
    data: FormData,
    preventDefault: () => void,
    result: ActionResult | undefined,
  ) => {
    set({ after: result, ...NOTHING });
    if (!options.post) return;
    preventDefault();
    options.post(form, data);
  };

  return {
    configure(next: CheckedFormOptions) {
      options = next;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    snapshot: () => state,
    view,
    /** The form element, for the server's refusal and the reset after a success (a ref callback). */
    attach(form: HTMLFormElement | null) {
      element = form;
    },

    /**
     * The submit handler's core. A valid form goes on (the browser or React Router posts it, or
     * `post` does); a refused one is stopped and shows its errors and a toast.
     */
    submit(form: HTMLFormElement, data: FormData, preventDefault: () => void, result: ActionResult | undefined) {
      const { schema } = options;
      if (typeof schema !== "function") {
        const refused = check(schema, data);
        if (!refused) return accept(form, data, preventDefault, result);
        preventDefault();
        return refuse(form, refused, result);
      }
      // A schema still to load: the form waits for it, then posts itself (`post`, by default a document post).
      preventDefault();
      if (checking) return;
      checking = true;
      const post = (checked: FormData) => {
        checking = false;
        if (options.post) options.post(form, checked);
        else form.submit();
      };
      schema().then(
        (loaded) => {
          const refused = check(loaded, data);
          if (!refused) return (set({ after: result, ...NOTHING }), post(data));
          checking = false;
          refuse(form, refused, result);
        },
        () => post(data), // The check could not be fetched: the server checks the same schema.
      );
    },

    /** Drops the messages of a field (it changed), or of every field a test picks (rows renumbered). */
    clear(which: string | ((field: string) => boolean), result: ActionResult | undefined) {
      const shown = view(state, result);
      const picked = typeof which === "string" ? (field: string) => field === which : which;
      const cleared = Object.keys(shown.fieldErrors).filter(picked);
      if (cleared.length === 0) return;
      const fieldErrors = Object.fromEntries(Object.entries(shown.fieldErrors).filter(([field]) => !picked(field)));
      // The refusal's message goes with its field (a summary lists it no more).
      const message = cleared.some((field) => shown.fieldErrors[field] === shown.message) ? null : shown.message;
      set({ after: result, fieldErrors, message });
    },

    /**
     * Runs once per new answer of the server, after it rendered: a refusal takes the keyboard to
     * its first field (and shows its toast where the server cannot); a success may empty the form.
     */
    settle(result: ActionResult | undefined) {
      if (!result || !element) return;
      if (result.ok) {
        if (options.resetOnSuccess) element.reset();
        return;
      }
      const fieldErrors = result.error.fieldErrors ?? {};
      options.onRefused?.(fieldErrors);
      if (options.toastServerRefusal) {
        (options.toast ?? showToast)({
          title: options.failureTitle,
          description: result.error.message,
          variant: "destructive",
        });
      }
      const form = element;
      setTimeout(() => focusFirst(form, fieldErrors), 0);
    },
  };
}

export type CheckedForm = ReturnType<typeof createCheckedForm>;

/** The errors a server answer carries: a refusal's field messages and message, or none. */
function refusalOf(result: ActionResult | undefined): FormView {
  if (!result || result.ok) return NOTHING;
  return { fieldErrors: result.error.fieldErrors ?? {}, message: result.error.message };
}

/** The control that shows a field (the first of a radio group; never a hidden input). */
function fieldControl(form: HTMLFormElement, field: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[name="${field.replace(/["\\]/g, "\\$&")}"]:not([type=hidden])`);
}
