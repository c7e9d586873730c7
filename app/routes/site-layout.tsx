import { Outlet } from "react-router";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/layout/site-header.tsx";
import { CartProvider } from "#app/features/cart/cart-context.tsx";
import { CartSheet } from "#app/features/cart/cart-sheet.tsx";
import { NewsletterForm } from "#app/features/subscribers/newsletter-form.tsx";
import { useViewer } from "#app/lib/use-viewer.ts";

export default function SiteLayout() {
  const viewer = useViewer();
  return (
    <CartProvider>
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
            <NewsletterForm
              label="Email address for our newsletter"
              buttonLabel="Subscribe"
              successDescription="Thank you for joining our community!"
              tone="dark"
            />
          }
        />
        <CartSheet />
      </div>
    </CartProvider>
  );
}
