import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "#server/errors/app-error.ts";
import { formValues } from "#common/forms/form-values.ts";
import { postedForm } from "#tests/support/posted-form.ts";
import { parseFields } from "./read-form.ts";

/** The AppError parseFields throws for `entries`, or a failed test when it parses. */
function refusal(schema: z.ZodType, body: string, fieldOrder?: string[]): AppError {
  try {
    parseFields(postedForm(body), schema, fieldOrder);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("the form was accepted");
}

const idsSchema = z.object({
  intent: z.string(),
  ids: z
    .array(z.string().min(1, "Please choose a row."), { error: "Please choose at least one row." })
    .min(1, "Please choose at least one row.")
    .max(3, "Please choose at most 3 rows.")
    .transform((ids) => [...new Set(ids)]),
});

const rowsSchema = z.object({
  title: z.string().min(1, "Please give a title."),
  rows: z
    .array(
      z.object({ name: z.string().min(1, "Please name each row."), rate: z.coerce.number("Please enter a rate.") }),
    )
    .max(20),
});

describe("parseFields", () => {
  it("reads a flat form as before: one value per field, the last one of a repeated text field", () => {
    const schema = z.object({ name: z.string(), note: z.string().optional() });
    expect(parseFields(postedForm("name=first&name=last"), schema)).toEqual({ name: "last" });
  });

  it("reads a repeated field with all its values when the schema takes a list, also a single one", () => {
    const many = postedForm("intent=bulk&ids=A&ids=B&ids=A");
    expect(parseFields(many, idsSchema)).toEqual({ intent: "bulk", ids: ["A", "B"] });
    expect(parseFields(postedForm("ids=A&intent=bulk"), idsSchema).ids).toEqual(["A"]);
  });

  it("finds the list under optional, default and piped wrappers", () => {
    const schema = z.object({ ids: z.array(z.string()).optional().default([]).pipe(z.array(z.string())) });
    expect(parseFields(postedForm("ids=X"), schema)).toEqual({ ids: ["X"] });
    const preprocessed = z.object({ ids: z.preprocess((value) => value, z.array(z.string())) });
    expect(parseFields(postedForm("ids=X&ids=Y"), preprocessed)).toEqual({ ids: ["X", "Y"] });
  });

  it("refuses a missing, empty, too long or bad list with its message under the field's path", () => {
    expect(refusal(idsSchema, "intent=bulk")).toMatchObject({
      code: "VALIDATION",
      message: "Please choose at least one row.",
      fieldErrors: { ids: "Please choose at least one row." },
    });
    const tooMany = refusal(idsSchema, "intent=bulk&ids=A&ids=B&ids=C&ids=D");
    expect(tooMany).toMatchObject({
      message: "Please choose at most 3 rows.",
      fieldErrors: { ids: "Please choose at most 3 rows." },
    });
    expect(refusal(idsSchema, "intent=bulk&ids=A&ids=").fieldErrors).toEqual({
      "ids.1": "Please choose a row.",
    });
  });

  it("reads numbered fields as rows, in index order", () => {
    const form = postedForm("title=Shipping&rows.1.name=Express&rows.0.name=Standard&rows.0.rate=4.5&rows.1.rate=9");
    expect(parseFields(form, rowsSchema)).toEqual({
      title: "Shipping",
      rows: [
        { name: "Standard", rate: 4.5 },
        { name: "Express", rate: 9 },
      ],
    });
  });

  it("reports a row's errors under the same dotted path, the first in display order as the message", () => {
    const error = refusal(rowsSchema, "title=&rows.0.name=Standard&rows.0.rate=x&rows.1.name=&rows.1.rate=2", [
      "rows.1.name",
      "title",
    ]);
    expect(error.fieldErrors).toEqual({
      title: "Please give a title.",
      "rows.0.rate": "Please enter a rate.",
      "rows.1.name": "Please name each row.",
    });
    expect(error.message).toBe("Please name each row.");
  });

  it("leaves out a field with an index over two digits, so no post makes a huge list", () => {
    const form = postedForm("title=T&rows.0.name=Standard&rows.0.rate=1&rows.999999999.name=Huge&rows.100.rate=2");
    expect(parseFields(form, rowsSchema).rows).toEqual([{ name: "Standard", rate: 1 }]);
  });

  it("closes a gap in the numbers, and never lets a numbered field reach the prototype", () => {
    const values = formValues(
      postedForm(
        "rows.7.name=Late&rows.2.name=Early&__proto__.polluted=yes&rows.0.__proto__=yes&constructor.prototype.polluted=yes",
      ),
    );
    expect(values).toEqual({ rows: [{ name: "Early" }, { name: "Late" }] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ["rows=text&rows.0.name=A", { rows: "text" }],
    ["rows.0.name=A&rows=text", { rows: [{ name: "A" }] }],
    ["rows.0=A&rows.0.name=B", { rows: ["A"] }],
  ])("leaves out a field that contradicts one already read (text, then rows of the same name): %s", (body, values) => {
    expect(formValues(postedForm(body))).toEqual(values);
  });

  it("refuses rows where the schema wants text with a message, never a crash", () => {
    const error = refusal(z.object({ title: z.string("Please give a title.") }), "title.0.name=x");
    expect(error).toMatchObject({ code: "VALIDATION", fieldErrors: { title: "Please give a title." } });
  });
});
