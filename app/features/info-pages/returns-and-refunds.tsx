import type { StoreInfoProps } from "./info-page-layout.tsx";

export function ReturnsAndRefundsPage({ storeName, contactEmail }: StoreInfoProps) {
  const mailto = `mailto:${contactEmail}`;
  return (
    <>
      <h2>Our 30-day return policy</h2>
      <p>
        You may return items within <strong>30 days of receiving your order</strong>. To be eligible for a return:
      </p>
      <ul>
        <li>
          items must be <strong>unused</strong> and in the same condition in which you received them;
        </li>
        <li>
          items must be in their <strong>original packaging</strong>; and
        </li>
        <li>
          a <strong>proof of purchase</strong> is required, such as your order number or order confirmation e-mail.
        </li>
      </ul>
      <p>
        Returns that do not meet these conditions, or that arrive after the 30-day window, may not be eligible for a
        refund. If you are unsure whether your item qualifies, just ask. We are glad to help.
      </p>

      <h2>How to start a return</h2>
      <ol>
        <li>
          Use our <a href="/returns">return and damage form</a> (from your Order History, or with your order number and
          e-mail address), or write to us at <a href={mailto}>{contactEmail}</a>, within 30 days of receiving your
          order.
        </li>
        <li>
          Include your order number, the items you would like to return, and a short note on the reason for your return.
        </li>
        <li>
          We will reply with return instructions and the address to send your items to. Please wait for our instructions
          before sending anything back, as returns sent without them can be delayed.
        </li>
        <li>
          Pack the items securely in their original packaging and send them back. We recommend using a trackable
          shipping service, as we cannot be responsible for returns lost in transit.
        </li>
      </ol>

      <h2>Refunds</h2>
      <p>
        Once we receive and inspect your return, we will let you know by e-mail whether it has been approved. Approved
        refunds are issued to <strong>your original method of payment</strong> (the card or PayPal account you used at
        checkout). Depending on your bank or card issuer, it may take a few business days for the refund to appear on
        your statement.
      </p>
      <p>
        Original shipping charges and the cost of sending a return to us are not refundable, except when the return is
        the result of our error, such as a damaged, defective, or incorrect item. Any customs duties or import taxes
        paid on delivery are also not refundable by {storeName}, as they are charged by the destination country.
      </p>

      <h2>Damaged, defective, or incorrect items</h2>
      <p>
        We pack every order with care, but occasionally something goes wrong on the way. If your order arrives damaged
        or defective, or if you received the wrong item, please tell us through our{" "}
        <a href="/returns">return and damage form</a> or e-mail us at <a href={mailto}>{contactEmail}</a> as soon as
        possible, and no later than 30 days after receipt. Include your order number and, if you can, a photo of the
        problem. We will send a replacement or issue a full refund, whichever you prefer, at no extra cost to you.
      </p>

      <h2>Bundle satisfaction guarantees</h2>
      <p>
        Our book sets come with a satisfaction guarantee of <strong>30 to 90 days</strong> from receipt, depending on
        the set:
      </p>
      <ul>
        <li>
          <strong>The Disciple&apos;s Set</strong> has a 30-day guarantee.
        </li>
        <li>
          <strong>The Prophet&apos;s Collection</strong> has a 90-day guarantee.
        </li>
      </ul>
      <p>
        If, within your set&apos;s guarantee period, you find that it is not the right fit for your family, church, or
        classroom, write to us at <a href={mailto}>{contactEmail}</a> with your order number and we will work with you
        on a return and refund. The guarantee for each set is listed with it on our <a href="/">home page</a>.
      </p>

      <h2>Exchanges</h2>
      <p>
        If you would like a different title instead, the simplest way is to return the original item for a refund and
        place a new order for the book you want. Damaged or incorrect items are always replaced free of charge.
      </p>

      <h2>Questions?</h2>
      <p>
        Our <a href="/help-center">Help Center</a> answers common questions about returns, and you can always reach us
        through our <a href="/contact-us">contact page</a> or at <a href={mailto}>{contactEmail}</a>.
      </p>
    </>
  );
}
