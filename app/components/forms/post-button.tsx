import { CreditCard, LogOut } from "lucide-react";
import { useRef } from "react";
import { defineIsland } from "#app/lib/island.tsx";
import { useBrowserPost } from "./use-browser-post.ts";

/** Icons a post button may show before its label (props of an island are plain JSON). */
const ICONS = { "credit-card": CreditCard, "log-out": LogOut };

/**
 * A form of one button that posts as a document (Sign Out, Send the link again, Pay by card, a
 * newsletter link's button): an island on the storefront's pages (decision 21). It is a plain
 * HTML form, so it works before (or without) the scripts; once hydrated, the button says
 * `busyLabel` and takes no second press until the browser leaves the page (or Back restores it).
 */
export function PostButton({
  action,
  fields = {},
  label,
  busyLabel,
  icon,
  className,
  buttonClassName,
}: {
  /** Where the form posts; by default the page's own address. */
  action?: string | undefined;
  /** Hidden fields posted beside the button. */
  fields?: Record<string, string> | undefined;
  label: string;
  busyLabel: string;
  icon?: keyof typeof ICONS | undefined;
  className?: string | undefined;
  buttonClassName: string;
}) {
  // Set at once on a press (the state shows only after a render): a second press posts nothing.
  const sent = useRef(false);
  const { busy, post } = useBrowserPost(undefined, () => {
    sent.current = false;
  });
  const Icon = icon ? ICONS[icon] : null;
  return (
    <form
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        if (sent.current) return;
        sent.current = true;
        post(event.currentTarget);
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" disabled={busy} className={buttonClassName}>
        {Icon ? <Icon aria-hidden="true" className="size-5" /> : null}
        {busy ? busyLabel : label}
      </button>
    </form>
  );
}

export const PostButtonIsland = defineIsland("post-button", PostButton);
