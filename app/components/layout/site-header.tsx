import { BookOpen, Menu } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { ADMIN_PAGES, HEADER_LINKS, SITE_PAGES, siteLink } from "#common/pages/site-paths.ts";
import { useStore } from "#app/lib/use-store.ts";
import { useViewer } from "#app/lib/use-viewer.ts";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? "text-brand-700 underline underline-offset-4" : "text-ink hover:text-brand-700";

/**
 * Wide screens: the links in one row. Phones: a compact bar that stays at the top, with a
 * "Menu" disclosure. The phone menu is a <details> element, so it opens without JavaScript too;
 * each layout is display:none at the other's widths, so assistive technology meets one nav.
 */
export function SiteHeader() {
  const store = useStore();
  const viewer = useViewer();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // A link followed from the phone menu leaves it closed on the next page.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  const accountLink = viewer?.isAdmin
    ? { to: ADMIN_PAGES.dashboard.path, label: "Admin" }
    : siteLink({ page: viewer ? "account" : "login" });
  const links = [...HEADER_LINKS.map(siteLink), accountLink];
  return (
    <header className="sticky top-0 z-30 border-b border-brand-100 bg-white md:static">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-x-6 px-4 py-2 md:py-3">
        <Link
          to={SITE_PAGES.home.path}
          className="flex items-center gap-2 whitespace-nowrap font-serif text-base font-bold text-brand-800 sm:text-lg md:text-xl"
        >
          <BookOpen aria-hidden="true" className="size-6" />
          {store?.name}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <details ref={menu} className="group md:hidden">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1.5 rounded-md px-2.5 font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
            <Menu aria-hidden="true" className="size-5" />
            Menu
          </summary>
          <nav
            aria-label="Main"
            className="absolute inset-x-0 top-full border-b border-brand-100 bg-white px-4 pb-3 shadow-md"
          >
            <ul className="grid text-base font-medium">
              {links.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end className={(state) => `block py-3 ${linkClass(state)}`}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
