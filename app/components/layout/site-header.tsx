import { BookOpen } from "lucide-react";
import { Link, NavLink } from "react-router";
import { useStore } from "#app/lib/use-store.ts";
import { useViewer } from "#app/lib/use-viewer.ts";

const NAVIGATION = [
  { to: "/", label: "Home" },
  { to: "/books", label: "Books" },
  { to: "/our-mission", label: "Our Mission" },
  { to: "/about-us", label: "About Us" },
  { to: "/help-center", label: "Help Center" },
  { to: "/track-order", label: "Track Order" },
];

export function SiteHeader() {
  const store = useStore();
  const viewer = useViewer();
  const accountLink = viewer?.isAdmin
    ? { to: "/admin", label: "Admin" }
    : viewer
      ? { to: "/account", label: "My Account" }
      : { to: "/login", label: "Login" };
  return (
    <header className="border-b border-brand-100 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 font-serif text-xl font-bold text-brand-800">
          <BookOpen aria-hidden="true" className="size-6" />
          {store?.name}
        </Link>
        <nav aria-label="Main">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
            {[...NAVIGATION, accountLink].map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    isActive ? "text-brand-700 underline underline-offset-4" : "text-ink hover:text-brand-700"
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
