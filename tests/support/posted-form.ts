/**
 * FormData as a browser posts it, from its fields or its url-encoded body (`"ids=A&ids=B"`,
 * for a field sent more than once).
 */
export function postedForm(fields: Record<string, string> | string): FormData {
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(fields)) form.append(name, value);
  return form;
}
