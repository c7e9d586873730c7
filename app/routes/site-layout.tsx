import { Outlet } from "react-router";
import { DEFAULT_CURRENCY } from "#common/money/money.ts";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/layout/site-header.tsx";
import { CartSheetIsland } from "#app/features/cart/cart-sheet.tsx";
import { NewsletterFormIsland } from "#app/features/subscribers/newsletter-form.tsx";
import { useStore } from "#app/lib/use-store.ts";
import { useViewer } from "#app/lib/use-viewer.ts";

export default function SiteLayout() {
  const viewer = useViewer();
  const store = useStore();
  return (
    <>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <SiteFooter
          signedIn={viewer !== null}
          newsletter={
            <NewsletterFormIsland
              label="Email address for our newsletter"
              buttonLabel="Subscribe"
              successDescription="Thank you for joining our community!"
              tone="dark"
            />
          }
        />
        <CartSheetIsland
          checkoutAvailable={store?.checkoutAvailable ?? false}
          currency={store?.currency ?? DEFAULT_CURRENCY}
        />
      </div>
    </>
  );
}
