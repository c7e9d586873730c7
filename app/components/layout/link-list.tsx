import { Link } from "react-router";
import type { SiteLink } from "#common/pages/site-paths.ts";

/** The site's links as a list, one item each: the footer's columns and legal links, the sitemap's groups. */
export function LinkList({
  links,
  className,
  linkClassName,
}: {
  links: SiteLink[];
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to + link.label}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
