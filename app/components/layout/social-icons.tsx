import { Facebook, Instagram, Link as LinkIcon, Youtube, type LucideProps } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import type { SocialLink } from "#common/settings/social-links.ts";

/** A 24-unit outline icon drawn like lucide's (which has no X, TikTok or Pinterest mark). */
function Outline({ children, className }: { children: ReactNode; className?: string | undefined }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}

/** A mark drawn as an outline from its strokes, with the props lucide's icons take. */
function outlineMark(strokes: ReactNode): ComponentType<LucideProps> {
  return function Mark({ className }: LucideProps) {
    return <Outline className={className}>{strokes}</Outline>;
  };
}

/** X's mark: one broad stroke from top left to bottom right, crossed by a thin one. */
const XMark = outlineMark(
  <>
    <path d="M4 4h4.5L20 20h-4.5z" />
    <path d="m20 4-6.6 7.4M4 20l6.6-7.4" />
  </>,
);

/** TikTok's mark: a note whose stem ends in a curl. */
const TikTokMark = outlineMark(
  <>
    <path d="M13 3v12.5a3.5 3.5 0 1 1-3.5-3.5" />
    <path d="M13 3c.4 2.6 2.4 4.6 5 5" />
  </>,
);

/** Pinterest's mark: a "P" in a circle, its stem running out below. */
const PinterestMark = outlineMark(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m9.5 20.5 2.7-10" />
    <path d="M10.9 15c.5.4 1.2.6 2 .6 2.2 0 3.6-1.8 3.6-4.1C16.5 9 14.6 7.4 12.2 7.4 9.5 7.4 7.6 9.2 7.6 11.5c0 .8.2 1.5.7 2" />
  </>,
);

const ICONS: Record<SocialLink["network"], ComponentType<LucideProps>> = {
  facebook: Facebook,
  instagram: Instagram,
  youtube: Youtube,
  x: XMark,
  tiktok: TikTokMark,
  pinterest: PinterestMark,
  other: LinkIcon,
};

/** The icon of a link's network (another link: a chain link). Decorative: the link carries the name. */
export function SocialIcon({ network, className }: { network: SocialLink["network"]; className: string }) {
  const Icon = ICONS[network];
  return <Icon aria-hidden="true" className={className} />;
}
