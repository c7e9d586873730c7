import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { MaxFileSizeExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { data } from "react-router";
import type { z } from "zod";
import { AppError } from "#server/errors/app-error.ts";
import type { ActionFailure } from "./action-result.ts";
import { bodyLimitErrorOf } from "./body-limits.ts";
import { formErrors } from "#common/forms/form-errors.ts";
import { formValues } from "#common/forms/form-values.ts";

export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please try again.";

/**
 * The one way an action reads its form. A body that is not a readable form (JSON, plain text,
 * broken multipart, a client that hung up) stops the action with a 400 and a clear message, and
 * one over the route's size or time limit (server/http/body-limits.ts) with 413 or 408: never a
 * 500, never an empty form (an empty form means "switch off" to a checkbox). Thrown as a route
 * error response, which is not logged as an error.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    throw unreadableForm(error);
  }
  return withoutNulBytes(form);
}

/**
 * readForm, then the feature's shared zod schema (the one the form checks before posting): the
 * parsed values, or a VALIDATION AppError with per-field messages (see formErrors), which
 * runAction answers like any other refusal. Call it inside runAction's use case.
 */
export async function parseForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  fieldOrder: readonly string[] = [],
): Promise<z.output<Schema>> {
  return parseFields(await readForm(request), schema, fieldOrder);
}

/**
 * parseForm's check on a form already read (an action that first reads `intent` to choose its
 * use case, or echoes the submitted text back). Call it inside runAction's use case. The form is
 * read as formValues reads it: a field the schema takes as a list is read with all its values
 * (`orderIds`), numbered fields as rows (`shippingMethods.0.rate`), their errors under that path.
 */
export function parseFields<Schema extends z.ZodType>(
  form: FormData,
  schema: Schema,
  fieldOrder: readonly string[] = [],
): z.output<Schema> {
  const parsed = schema.safeParse(formValues(form, schema));
  if (parsed.success) return parsed.data;
  const { fieldErrors, message } = formErrors(parsed.error, fieldOrder);
  throw new AppError("VALIDATION", message, { fieldErrors });
}

export const NUL_IN_FORM_MESSAGE = "The form contains a character that is not allowed. Please remove it and try again.";

/**
 * Refuses a form with a NUL byte in any field name or text: no field of the site takes one, and
 * PostgreSQL cannot store or compare one in text (the query would fail with a 500).
 */
function withoutNulBytes(form: FormData): FormData {
  for (const [name, value] of form.entries()) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
      const failure: ActionFailure = { ok: false, error: { code: "VALIDATION", message: NUL_IN_FORM_MESSAGE } };
      throw data(failure, { status: 400 });
    }
  }
  return form;
}

/** The answer to a form body that could not be read: see readForm. */
export function unreadableForm(error: unknown) {
  const limit = bodyLimitErrorOf(error);
  const failure: ActionFailure = {
    ok: false,
    error: { code: "VALIDATION", message: limit ? limit.message : UNREADABLE_FORM_MESSAGE },
  };
  // After a refused body the rest of it is not worth reading: the connection is closed.
  return data(failure, { status: limit ? limit.status : 400, headers: limit ? { Connection: "close" } : undefined });
}

/** A file part of a form, written to a temporary file while the body arrived. */
export interface UploadedFile {
  path: string;
  size: number;
  /** The name the browser sent with it (a path on some systems): for showing, never for a path of ours. */
  name: string;
}

export interface FormWithUpload {
  form: FormData;
  /** The file sent in the upload field, or null when none (or an empty one) was sent. */
  file: UploadedFile | null;
  /** Deletes the temporary file; call it when done, whatever happened. */
  cleanup(): Promise<void>;
}

/**
 * The refusal readFormWithUpload throws (a `data()` answer: a file over its limit, a body that is
 * not a form), as an AppError, so runAction answers it like the use case's own refusals.
 */
export function uploadRefusal(error: unknown): AppError | null {
  const failure = (error as { data?: Partial<ActionFailure> } | null)?.data;
  if (failure?.ok !== false || !failure.error) return null;
  return new AppError("VALIDATION", failure.error.message, { fieldErrors: failure.error.fieldErrors });
}

/**
 * readForm for a form with one file field: the file part is streamed to a temporary file under
 * `tmpDir` instead of being kept in memory, and handed over as a path. Any other file part is
 * refused. The file never appears in `form`, so a text field of the same name is ignored rather
 * than taken for a path. A file over `maxFileBytes` is a VALIDATION error under the field's name.
 */
export async function readFormWithUpload(
  request: Request,
  options: { field: string; maxFileBytes: number; tooLargeMessage: string; tmpDir: string },
): Promise<FormWithUpload> {
  let file: UploadedFile | null = null;
  const written: string[] = [];
  const cleanup = async () => {
    await Promise.all(written.map((name) => rm(name, { force: true })));
  };
  const keepFile = async (upload: FileUpload) => {
    if (upload.fieldName !== options.field || file) throw new Error(`unexpected file in field "${upload.fieldName}"`);
    if (upload.size === 0) return null;
    await mkdir(options.tmpDir, { recursive: true });
    const name = path.join(options.tmpDir, `upload-${randomBytes(16).toString("hex")}`);
    written.push(name);
    await pipeline(
      Readable.fromWeb(upload.stream() as NodeReadableStream<Uint8Array>),
      createWriteStream(name, { flags: "wx" }),
    );
    file = { path: name, size: upload.size, name: upload.name };
    return null;
  };
  let form: FormData;
  try {
    form = await parseFormData(request, { maxFiles: 1, maxFileSize: options.maxFileBytes, maxParts: 100 }, keepFile);
  } catch (error) {
    await cleanup();
    if (error instanceof MaxFileSizeExceededError) {
      throw data(
        {
          ok: false,
          error: {
            code: "VALIDATION",
            message: options.tooLargeMessage,
            fieldErrors: { [options.field]: options.tooLargeMessage },
          },
        } satisfies ActionFailure,
        { status: 400 },
      );
    }
    throw unreadableForm(error);
  }
  try {
    return { form: withoutNulBytes(form), file, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
