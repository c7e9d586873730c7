import type { StoreInfoProps } from "./info-page-layout.tsx";

export function TermsOfServicePage({ storeName, contactEmail }: StoreInfoProps) {
  const mailto = `mailto:${contactEmail}`;
  return (
    <>
      <h2>1. Acceptance of These Terms</h2>
      <p>
        These Terms of Service (the &ldquo;Terms&rdquo;) govern your use of the {storeName} website and online store
        (the &ldquo;Site&rdquo;) and any purchase you make through it. In these Terms, &ldquo;we,&rdquo;
        &ldquo;us,&rdquo; and &ldquo;our&rdquo; refer to {storeName}, and &ldquo;you&rdquo; refers to anyone who visits
        the Site or places an order. By using the Site or placing an order, you agree to these Terms and to our{" "}
        <a href="/privacy-policy">Privacy Policy</a>. If you do not agree, please do not use the Site.
      </p>

      <h2>2. Who May Use the Site</h2>
      <p>
        Our books are written for children, but our store is for adults. You must be at least 18 years old, or the age
        of majority where you live, to create an account or place an order. Children are welcome to enjoy our books with
        a parent, guardian, or teacher.
      </p>

      <h2>3. Accounts</h2>
      <p>You may browse the Site and fill your collection without an account. If you create one, you agree to:</p>
      <ul>
        <li>provide accurate and complete information and keep it up to date;</li>
        <li>keep your password confidential and not share your account with others;</li>
        <li>
          tell us promptly at <a href={mailto}>{contactEmail}</a> if you suspect unauthorized use of your account.
        </li>
      </ul>
      <p>
        You are responsible for activity that takes place under your account. We may suspend or close an account that is
        used in breach of these Terms, for fraud, or in a way that could harm other customers or the Site.
      </p>

      <h2>4. Our Products</h2>
      <p>
        We try hard to describe and show our books and book sets accurately, including their titles, contents,
        recommended ages, and prices. Colors on your screen may differ slightly from the printed book, and illustrations
        on the Site may be simplified. Sets contain the number of books stated in their description. Recommended age
        ranges are guidance only; parents and teachers know their children best.
      </p>

      <h2>5. Orders</h2>
      <p>
        When you place an order, you are offering to buy the items in your collection at the prices shown. We will
        confirm receipt of your order by e-mail; that confirmation does not by itself mean we have accepted your order.
        A contract is formed when we ship your order. We may decline or cancel an order, in whole or in part, for
        example if an item is out of stock, if there is an obvious error in price or description, or if we suspect
        fraud. If we cancel an order you have already paid for, we will refund you in full.
      </p>
      <p>
        Quantities may be limited to the stock available. If you need to change or cancel an order, contact us as soon
        as possible at <a href={mailto}>{contactEmail}</a>. We can usually help if your order has not yet shipped.
      </p>

      <h2>6. Prices and Payment</h2>
      <p>
        All prices are shown in US dollars (USD) and include any discount stated on the Site. Shipping charges are shown
        separately at checkout. Prices and promotions may change at any time, but a change will not affect an order we
        have already accepted.
      </p>
      <p>
        We accept major credit and debit cards and PayPal. Payments are handled by our payment providers over secure,
        encrypted connections; we do not store your full card details. By submitting payment, you confirm that you are
        authorized to use the payment method you provide. Your bank or card issuer may charge currency conversion or
        foreign transaction fees, which are your responsibility.
      </p>

      <h2>7. Shipping and Delivery</h2>
      <p>
        We ship worldwide. Orders are normally processed within 1-3 business days, and estimated delivery times for each
        region are listed on our <a href="/shipping-information">Shipping Information</a> page. Delivery times are
        estimates and are not guaranteed. Risk of loss passes to you when your order is delivered to the address you
        provided. You are responsible for giving us a complete and correct shipping address.
      </p>
      <p>
        Customs duties, import taxes, and similar charges imposed by the destination country are the responsibility of
        the customer and are not included in our prices or shipping charges.
      </p>

      <h2>8. Returns, Refunds, and Guarantees</h2>
      <p>
        You may return unused items in their original packaging within 30 days of receipt, with proof of purchase.
        Approved refunds are issued to the original method of payment. Some book sets carry a satisfaction guarantee of
        30 to 90 days. The full details, including how to start a return and what happens with damaged items, are set
        out in our <a href="/returns-and-refunds">Returns &amp; Refunds</a> policy, which forms part of these Terms.
      </p>

      <h2>9. Intellectual Property</h2>
      <p>
        All content on the Site and in our books, including text, illustrations, cover designs, logos, photographs, and
        the design of the Site, is owned by {storeName} or its licensors and is protected by copyright, trademark, and
        other laws. Scripture itself belongs to no one, but our retellings, artwork, and arrangement of them are our own
        work.
      </p>
      <p>
        Buying a book gives you ownership of that physical copy. It does not give you the right to copy, scan,
        reproduce, distribute, or publicly display our content, other than as allowed by law. Teachers and ministry
        leaders are welcome to read our books aloud to their classes and groups. For any other use, such as projecting
        pages, printing excerpts, or using our illustrations, please ask us first at <a href={mailto}>{contactEmail}</a>
        .
      </p>

      <h2>10. Acceptable Use</h2>
      <p>When using the Site, you agree not to:</p>
      <ul>
        <li>use the Site for any unlawful or fraudulent purpose;</li>
        <li>attempt to gain unauthorized access to the Site, other accounts, or our systems;</li>
        <li>
          interfere with the Site&apos;s operation, for example by introducing malware or overloading our servers;
        </li>
        <li>copy, scrape, or harvest content or data from the Site by automated means without our permission;</li>
        <li>send us or others messages through the Site that are abusive, misleading, or spam.</li>
      </ul>

      <h2>11. E-mails and Newsletter</h2>
      <p>
        We will send you e-mails related to your account and orders, such as order confirmations and shipping updates.
        If you join our community newsletter, we will also send you news about our books and launches. You can
        unsubscribe from the newsletter at any time using the link in any newsletter e-mail or by writing to us.
      </p>

      <h2>12. Disclaimers</h2>
      <p>
        We work to keep the Site accurate, available, and secure, but we provide it &ldquo;as is&rdquo; and &ldquo;as
        available.&rdquo; To the fullest extent permitted by law, we do not promise that the Site will always be
        uninterrupted or free from errors, and we disclaim implied warranties except those that cannot be excluded by
        law. Nothing in these Terms limits any rights you have under consumer protection laws that apply to you and that
        cannot be waived.
      </p>

      <h2>13. Limitation of Liability</h2>
      <p>
        To the fullest extent permitted by law, {storeName} will not be liable for any indirect, incidental, special, or
        consequential damages, or for any loss of profits, data, or goodwill, arising from your use of the Site or our
        products. Our total liability for any claim relating to an order is limited to the amount you paid for that
        order. These limits do not apply to liability that cannot be limited or excluded by law, such as liability for
        fraud or for death or personal injury caused by negligence.
      </p>

      <h2>14. Links to Other Websites</h2>
      <p>
        The Site may contain links to websites run by others, such as payment providers or shipping carriers. We are not
        responsible for their content or practices, and their own terms and privacy policies apply.
      </p>

      <h2>15. Governing Law and Disputes</h2>
      <p>
        These Terms are governed by the laws of the country in which {storeName} is established, without regard to its
        conflict-of-law rules, and the courts of that country will have jurisdiction over any dispute. If you are a
        consumer, you also keep the protection of any mandatory laws of the country where you live, and you may bring a
        claim in your local courts where the law allows. Before taking any formal step, please contact us. Most concerns
        can be resolved quickly and kindly with a simple conversation.
      </p>

      <h2>16. Changes to These Terms</h2>
      <p>
        We may update these Terms from time to time, for example to reflect changes in our store or in the law. The
        &ldquo;Last updated&rdquo; date at the top of this page shows when they last changed. The Terms in force when
        you place an order are the ones that apply to that order.
      </p>

      <h2>17. General</h2>
      <p>
        If any part of these Terms is found to be unenforceable, the rest will remain in effect. Our failure to enforce
        a provision is not a waiver of our right to do so later. These Terms, together with our Privacy Policy and
        Returns &amp; Refunds policy, are the entire agreement between you and us about the Site and your purchases.
      </p>

      <h2>18. Contact Us</h2>
      <p>
        If you have any questions about these Terms, please write to us at <a href={mailto}>{contactEmail}</a> or use
        our <a href="/contact-us">contact page</a>. We are glad to help.
      </p>
    </>
  );
}
