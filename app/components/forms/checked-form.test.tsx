import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CONTACT_FIELDS } from "#common/contact/contact-fields.ts";
import { contactMessageSchema } from "#common/contact/contact-message-schema.ts";
import type { ActionResult } from "#server/http/action-result.ts";
import type { ToastMessage } from "#app/components/ui/toast.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { createCheckedForm, type CheckedForm, type CheckedFormOptions } from "./checked-form.ts";
import { useCheckedFormView } from "./use-checked-form.ts";

/**
 * The fast tier of the form kit: the core driven by hand (no browser), and the hook rendered by
 * React's server renderer. A stand-in form answers `querySelector` for named fields and records focus.
 */
function standInForm() {
  const focused: string[] = [];
  const calls = { submit: 0, reset: 0 };
  const form = {
    querySelector(selector: string) {
      const name = /^\[name="([^"]+)"\]:not\(\[type=hidden\]\)$/.exec(selector)?.[1];
      return name ? { focus: () => focused.push(name) } : null;
    },
    submit: () => void calls.submit++,
    reset: () => void calls.reset++,
  };
  return { form: form as unknown as HTMLFormElement, focused, calls };
}

function posted(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const VALID = { fullName: "Ruth Moab", email: "ruth@example.org", subject: "Order", message: "Hello" };

function contactForm(extra: Partial<CheckedFormOptions> = {}) {
  const toasts: ToastMessage[] = [];
  const form = createCheckedForm({
    schema: contactMessageSchema,
    fieldOrder: CONTACT_FIELDS,
    failureTitle: "Error",
    toast: (message) => toasts.push(message),
    ...extra,
  });
  return { form, toasts };
}

/** A contact form rendered by the hook over `form`, as a page would render it. */
function Contact({
  form,
  result,
  typed,
}: {
  form: CheckedForm;
  result?: ActionResult | undefined;
  typed?: Partial<typeof VALID> | undefined;
}) {
  const { field, formProps } = useCheckedFormView(form, {
    schema: contactMessageSchema,
    fieldOrder: CONTACT_FIELDS,
    failureTitle: "Error",
    result,
    defaultValues: typed,
    maxLengths: { fullName: 100 },
  });
  return (
    <form {...formProps} method="post">
      {CONTACT_FIELDS.map((name) => (
        <FormField key={name} label={name} {...field(name)} />
      ))}
    </form>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the form kit", () => {
  it("refuses an invalid form before posting: field messages render, the first invalid field takes the focus", async () => {
    const { form, toasts } = contactForm();
    const { form: element, focused } = standInForm();
    let prevented = false;
    form.submit(
      element,
      posted({ ...VALID, email: "not an address", message: "" }),
      () => (prevented = true),
      undefined,
    );

    expect(prevented).toBe(true);
    expect(toasts).toEqual([
      { title: "Error", description: "Please enter a valid email address.", variant: "destructive" },
    ]);
    const html = renderToStaticMarkup(<Contact form={form} />);
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain("Please enter your message.");
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(2);
    // Focus waits until the errors have rendered; then it goes to the first invalid field in display order.
    expect(focused).toEqual([]);
    await nextTask();
    expect(focused).toEqual(["email"]);
  });

  it("hands each field its wiring: its name, its value from `defaultValues`, its message and limit", () => {
    const { form } = contactForm();
    const { form: element } = standInForm();
    form.submit(element, posted({ ...VALID, subject: "" }), () => {}, undefined);
    const html = renderToStaticMarkup(<Contact form={form} typed={{ fullName: "Ruth Moab", subject: "" }} />);
    expect(html).toContain(`maxLength="100" name="fullName" value="Ruth Moab"`);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="subject" value=""/);
    expect(html).toContain("Please enter a subject.");
    // A field without a starting value or a limit renders neither, and one without a message is not invalid.
    expect(html).toMatch(/<input id="[^"]*" class="[^"]*" name="email"\/>/);
  });

  it("folds in the server's refusal: its field messages render, and replace the check's older ones", () => {
    const { form } = contactForm();
    const { form: element } = standInForm();
    form.submit(element, posted({ ...VALID, fullName: "" }), () => {}, undefined);
    expect(renderToStaticMarkup(<Contact form={form} />)).toContain("Please enter your full name.");

    const refusal: ActionResult = {
      ok: false,
      error: {
        code: "VALIDATION",
        message: "Please use a shorter subject.",
        fieldErrors: { subject: "Please use a shorter subject." },
      },
    };
    const html = renderToStaticMarkup(<Contact form={form} result={refusal} />);
    expect(html).toContain("Please use a shorter subject.");
    expect(html).not.toContain("Please enter your full name.");
    expect(form.view(form.snapshot(), refusal).message).toBe("Please use a shorter subject.");
  });

  it("after the server's refusal rendered, moves the keyboard to its first field and, for an island, shows its toast", async () => {
    const { form, toasts } = contactForm({ toastServerRefusal: true });
    const { form: element, focused } = standInForm();
    form.attach(element);
    form.settle({
      ok: false,
      error: { code: "VALIDATION", message: "Bad", fieldErrors: { message: "Too long", email: "Bad address" } },
    });
    expect(toasts).toEqual([{ title: "Error", description: "Bad", variant: "destructive" }]);
    await nextTask();
    expect(focused).toEqual(["email"]);
  });

  it("lets a valid form post (no preventDefault) and clears the messages it showed", () => {
    const { form, toasts } = contactForm();
    const { form: element } = standInForm();
    form.submit(element, posted({ ...VALID, subject: "" }), () => {}, undefined);
    let prevented = false;
    form.submit(element, posted(VALID), () => (prevented = true), undefined);
    expect(prevented).toBe(false);
    expect(toasts).toHaveLength(1);
    expect(renderToStaticMarkup(<Contact form={form} />)).not.toContain(`aria-invalid="true"`);
  });

  it("hands a valid form to `post` instead of the browser (an upload with progress)", () => {
    const sent: FormData[] = [];
    const { form } = contactForm({ post: (_form, data) => sent.push(data) });
    const { form: element } = standInForm();
    let prevented = false;
    form.submit(element, posted(VALID), () => (prevented = true), undefined);
    expect(prevented).toBe(true);
    expect(sent.map((data) => data.get("fullName"))).toEqual(["Ruth Moab"]);
  });

  it("with a schema still to load, waits for it, then posts a valid form itself (a document post)", async () => {
    const { form } = contactForm({ schema: () => Promise.resolve(contactMessageSchema) });
    const { form: element, calls } = standInForm();
    let prevented = false;
    form.submit(element, posted(VALID), () => (prevented = true), undefined);
    // A second click while the check loads posts nothing more.
    form.submit(element, posted(VALID), () => {}, undefined);
    expect(prevented).toBe(true);
    await nextTask();
    expect(calls.submit).toBe(1);
  });

  it("posts anyway when the schema cannot be fetched: the server checks the same schema", async () => {
    const { form } = contactForm({ schema: () => Promise.reject(new Error("offline")) });
    const { form: element, calls } = standInForm();
    form.submit(element, posted({}), () => {}, undefined);
    await nextTask();
    expect(calls.submit).toBe(1);
  });

  it("clears one field's message when it changes, and empties the form after a success when asked", () => {
    const { form } = contactForm({ resetOnSuccess: true });
    const { form: element, calls } = standInForm();
    form.attach(element);
    form.submit(element, posted({ ...VALID, fullName: "", subject: "" }), () => {}, undefined);
    form.clear("fullName", undefined);
    expect(Object.keys(form.view(form.snapshot(), undefined).fieldErrors)).toEqual(["subject"]);
    form.settle({ ok: true });
    expect(calls.reset).toBe(1);
  });
});
