/**
 * The loader of a route that only takes a form's post: a visit by address is told so (405, with
 * the method it takes), rather than answered with an error page.
 */
export function postOnlyLoader(): never {
  throw new Response(null, { status: 405, headers: { Allow: "POST" } });
}
