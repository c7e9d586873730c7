import { describe, expect, it } from "vitest";
import { checkForm } from "#common/forms/check-form.ts";
import {
  BOOK_IMPORT_FILE_FIELD,
  BOOK_IMPORT_MAX_BYTES,
  BOOK_IMPORT_NO_FILE_MESSAGE,
  BOOK_IMPORT_TOO_LARGE_MESSAGE,
  bookImportFileSchema,
} from "./book-import-form.ts";

/** The upload form as the browser posts it: the file input's one field. */
function posted(file?: File) {
  const form = new FormData();
  if (file) form.set(BOOK_IMPORT_FILE_FIELD, file);
  return form;
}

describe("the books import form's check before posting", () => {
  it("refuses a form without a file, or with the empty file a blank picker posts, asking for one", () => {
    for (const form of [posted(), posted(new File([], ""))]) {
      expect(checkForm(bookImportFileSchema, form)).toEqual({
        success: false,
        fieldErrors: { [BOOK_IMPORT_FILE_FIELD]: BOOK_IMPORT_NO_FILE_MESSAGE },
        message: BOOK_IMPORT_NO_FILE_MESSAGE,
      });
    }
  });

  it("refuses a file over the limit the server streams, with the server's message", () => {
    const large = new File([new Uint8Array(BOOK_IMPORT_MAX_BYTES + 1)], "books.csv", { type: "text/csv" });
    expect(checkForm(bookImportFileSchema, posted(large))).toMatchObject({
      success: false,
      message: BOOK_IMPORT_TOO_LARGE_MESSAGE,
    });
  });

  it("takes a file of up to the limit", () => {
    const file = new File([new Uint8Array(BOOK_IMPORT_MAX_BYTES)], "books.csv", { type: "text/csv" });
    expect(checkForm(bookImportFileSchema, posted(file)).success).toBe(true);
  });
});
