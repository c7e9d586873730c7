import type { z } from "zod";

/**
 * The one conversion of a posted form into the plain object a zod schema reads, in the browser
 * (the check before posting) and on the server (parseFields). Client-safe: it imports zod's
 * types only and reads a schema's shape through zod 4's `_zod.def`.
 *
 * - A field is its text (or file); posted twice, the last one counts, as `Object.fromEntries`.
 * - A repeated field (ticked rows: `orderIds`) is read with `getAll` when the schema's field at
 *   that key is an array, so one ticked row is still a list of one.
 * - A numbered field (`shippingMethods.1.rate`) becomes a row of a list, `{ shippingMethods:
 *   [ , { rate }] }`, so the schema reports its errors under the same dotted path (formErrors).
 *   Indices have at most two digits: an absurd index cannot make a huge array, and a field with
 *   one is left out. Rows come in index order; a gap in the numbers is closed.
 */
export function formValues(form: FormData | URLSearchParams, schema?: z.ZodType): Record<string, unknown> {
  const lists = schema ? arrayFields(schema) : new Set<string>();
  const values: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (lists.has(name)) {
      // Once per name: reading all values at every repeat would be quadratic in a long list.
      if (!Object.hasOwn(values, name)) values[name] = form.getAll(name);
      continue;
    }
    const path = name.split(".");
    if (path.length === 1) {
      if (isSafeKey(name) && !isContainer(values[name])) values[name] = value;
      continue;
    }
    setAt(values, path, value);
  }
  return closeGaps(values) as Record<string, unknown>;
}

const INDEX = /^\d{1,2}$/;
const DIGITS = /^\d+$/;

/** Keys that would reach an object's prototype instead of its own fields. */
function isSafeKey(key: string): boolean {
  return key !== "" && key !== "__proto__" && key !== "constructor" && key !== "prototype";
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === "object" && value !== null && !(value instanceof Blob);
}

/**
 * Puts `value` at `path` (`["shippingMethods", "1", "rate"]`), making rows and objects on the way.
 * A path with an over-long index or an unsafe key, or one that runs into a field already read as
 * another shape (`a` as text, then `a.0.b`), is left out: no form of the shop posts one.
 */
function setAt(values: Record<string, unknown>, path: string[], value: FormDataEntryValue): void {
  if (path.some((segment) => (DIGITS.test(segment) ? !INDEX.test(segment) : !isSafeKey(segment)))) return;
  let container: Record<string, unknown> | unknown[] = values;
  for (const [depth, segment] of path.entries()) {
    const last = depth === path.length - 1;
    const isIndex = INDEX.test(segment);
    if (Array.isArray(container) !== isIndex) return;
    const slot = isIndex ? Number(segment) : segment;
    const current: unknown = (container as Record<string | number, unknown>)[slot];
    if (last) {
      if (isContainer(current)) return;
      (container as Record<string | number, unknown>)[slot] = value;
      return;
    }
    const wantRows = INDEX.test(path[depth + 1]!);
    if (current === undefined) {
      const made: Record<string, unknown> | unknown[] = wantRows ? [] : {};
      (container as Record<string | number, unknown>)[slot] = made;
      container = made;
    } else if (isContainer(current) && Array.isArray(current) === wantRows) {
      container = current;
    } else {
      return;
    }
  }
}

/** Rows in index order without the holes a gap in the numbers left. */
function closeGaps(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter(() => true).map(closeGaps);
  if (!isContainer(value)) return value;
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) fields[key] = closeGaps(fields[key]);
  return fields;
}

/** The part of zod 4's schema definition this module reads. */
interface SchemaNode {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaNode>;
      in?: SchemaNode;
      out?: SchemaNode;
      innerType?: SchemaNode;
    };
  };
}

/** The keys of an object schema whose field is a list (after optional, default, pipes and the like). */
function arrayFields(schema: z.ZodType): Set<string> {
  const shape = unwrap(schema as unknown as SchemaNode)?._zod.def.shape ?? {};
  return new Set(Object.keys(shape).filter((key) => unwrap(shape[key]!)?._zod.def.type === "array"));
}

/** The schema under wrappers that do not change what is read: optional, default, catch, pipes. */
function unwrap(node: SchemaNode): SchemaNode | undefined {
  let current: SchemaNode | undefined = node;
  // Bounded: a schema is a finite tree, and each step goes one wrapper deeper.
  for (let depth = 0; current && depth < 20; depth++) {
    const def: SchemaNode["_zod"]["def"] = current._zod.def;
    if (def.innerType) current = def.innerType;
    else if (def.type === "pipe") current = def.in?._zod.def.type === "transform" ? def.out : def.in;
    else return current;
  }
  return current;
}
