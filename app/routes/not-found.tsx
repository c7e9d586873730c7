import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-serif text-3xl font-bold">Page not found</h1>
      <p className="mt-4">
        We could not find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <p className="mt-8">
        <Link className="font-semibold text-brand-700 underline" to="/">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
