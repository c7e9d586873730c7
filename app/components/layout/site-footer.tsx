import { useStore } from "#app/lib/use-store.ts";

/** Placeholder until the storefront issue brings the full footer of the specification. */
export function SiteFooter() {
  const store = useStore();
  return (
    <footer className="border-t border-brand-100 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm text-gray-700">
        <p>
          © 2025 {store?.name}. Questions? Write to{" "}
          <a className="text-brand-700 underline" href={`mailto:${store?.contactEmail}`}>
            {store?.contactEmail}
          </a>
          .
        </p>
      </div>
    </footer>
  );
}
