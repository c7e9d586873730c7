import type { ReactNode } from "react";
import { FOOTER_LINKS, siteLink, siteLinks, type SiteLink } from "#common/pages/site-paths.ts";
import { socialLinkName, type SocialLink } from "#common/settings/social-links.ts";
import { useStore } from "#app/lib/use-store.ts";
import { LinkList } from "./link-list.tsx";
import { SocialIcon } from "./social-icons.tsx";

function FooterLinks({ title, links }: { title: string; links: SiteLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-serif text-lg font-bold text-white">{title}</h2>
      <LinkList
        links={links}
        className="mt-3 grid gap-2"
        linkClassName="text-brand-100 hover:text-white hover:underline"
      />
    </nav>
  );
}

/**
 * The site footer. The newsletter form is passed in by the layout (it belongs to the
 * subscribers feature), and "My Account" goes to /account when signed in, else /login.
 */
export function SiteFooter({ signedIn, newsletter }: { signedIn: boolean; newsletter: ReactNode }) {
  const store = useStore();
  return (
    <footer className="bg-brand-800 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-serif text-xl font-bold text-white">{store?.name}</p>
          <p className="mt-3 text-sm">
            Illustrated, biblically faithful stories that help children know and love God&apos;s Word.
          </p>
          <SocialLinks links={store?.socialLinks ?? []} />
        </div>
        <FooterLinks title="Our Mission" links={FOOTER_LINKS.mission.map(siteLink)} />
        <FooterLinks title="Support" links={siteLinks(FOOTER_LINKS.support, { signedIn })} />
        <div>
          <h2 className="font-serif text-lg font-bold text-white">Join Our Community</h2>
          <p className="mt-3 text-sm">New stories, family devotion ideas and launch news, a few times a year.</p>
          <div className="mt-4">{newsletter}</div>
        </div>
      </div>
      <div className="border-t border-white/15">
        {/* Room at the very end for the floating cart button, so it never sits on these links. */}
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pb-24 pt-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>© 2025 {store?.name}. All rights reserved.</p>
          <LinkList
            links={FOOTER_LINKS.legal.map(siteLink)}
            className="flex flex-wrap gap-x-5 gap-y-2"
            linkClassName="hover:text-white hover:underline"
          />
        </div>
      </div>
    </footer>
  );
}

/**
 * A button for each profile link the owner set in Store Settings, none for the others: plain links
 * (no script), opened in a new tab. Each is named by its network (or the name the owner gave
 * it); the icon is decoration.
 */
function SocialLinks({ links }: { links: SocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-2" aria-label="Social media">
      {links.map((link, index) => {
        const name = socialLinkName(link);
        return (
          <li key={`${link.network}-${index}`}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener"
              title={name}
              className="flex rounded-full bg-white/10 p-2 text-white hover:bg-white/20"
            >
              <SocialIcon network={link.network} className="size-5" />
              <span className="sr-only">{`${name} (opens in a new tab)`}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
