import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

/**
 * Forms are checked once, where they arrive: the route's action (parseForm, parseFields) or the
 * command line, with the form's shared schema. The account, contact and newsletter use cases then
 * take typed values and never parse them again, so a refusal has one source and one wording.
 */
const USE_CASE_FOLDERS = ["server/accounts", "server/contact", "server/subscribers"];

/** A zod parse (`schema.parse(…)`, `safeParse`, their async forms) or a hand-read zod issue. */
const PARSING = /\b(?!JSON\b|Date\b)\w+\.(?:safeParse|parse)(?:Async)?\(|\.issues\[/;

it("leaves parsing to the edge: no account, contact or newsletter use case parses a schema", () => {
  const parsing = USE_CASE_FOLDERS.flatMap((folder) =>
    readdirSync(folder)
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => path.join(folder, file))
      .filter((file) => PARSING.test(readFileSync(file, "utf8"))),
  );
  expect(parsing).toEqual([]);
});
