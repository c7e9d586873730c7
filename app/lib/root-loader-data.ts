import type { AppLoadContext } from "react-router";
import type { SocialLink } from "#common/settings/social-links.ts";

/**
 * What the root loader returns (app/root.tsx declares its loader with this type). Written out
 * here rather than inferred from root.tsx: root.tsx imports features, so a helper or feature
 * reading the root data through root.tsx would close an import circle.
 */
export interface RootLoaderData {
  store: {
    name: string;
    contactEmail: string;
    currency: string;
    /** At least one payment method is enabled and configured: "Proceed to Checkout" opens /checkout. */
    checkoutAvailable: boolean;
    /** The footer's profile links, in display order (none set: empty). */
    socialLinks: SocialLink[];
  };
  publicUrl: string;
  /** Signed in or not, and as an admin: no more (public pages show nothing of who is signed in). */
  viewer: { isAdmin: boolean } | null;
  /** The one-time message as the load context carries it (server/http/flash.ts). */
  flash: AppLoadContext["flash"];
  shopClosed: boolean;
}
