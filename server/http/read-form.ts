/**
 * The one way an action reads its form. A body that is not a readable form (JSON, plain text,
 * broken multipart, a client that hung up) becomes an empty form, so the action's own validation
 * answers with a clear message instead of the request failing with a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
