import type { LucideIcon } from "lucide-react";

/**
 * Icons drawn once per page and repeated by reference: a table of many rows with the same
 * buttons sends each icon's paths once, not once per row (the page's HTML and render time
 * grow with every row). Render `IconSymbols` once, then `SpriteIcon` in each row.
 */
export function IconSymbols({ icons }: { icons: Record<string, LucideIcon> }) {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(icons).map(([id, Icon]) => (
        <symbol key={id} id={id} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** One use of an icon drawn by `IconSymbols` on the same page; decorative (the button names it). */
export function SpriteIcon({ id, className }: { id: string; className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <use href={`#${id}`} />
    </svg>
  );
}
