// Being written: the subscribers CSV export.
export function loader() {
  return new Response("", { status: 404 });
}
