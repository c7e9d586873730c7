import type { StoreInfoProps } from "./info-page-layout.tsx";

/** Estimated delivery times in business days, after the order has shipped (spec section 9). */
export const DELIVERY_ESTIMATES: { region: string; estimate: string }[] = [
  { region: "Israel", estimate: "3-5 business days" },
  { region: "North America", estimate: "7-14 business days" },
  { region: "Europe", estimate: "7-14 business days" },
  { region: "Rest of the world", estimate: "14-21 business days" },
];

export function ShippingInformationPage({ storeName, contactEmail }: StoreInfoProps) {
  return (
    <>
      <h2>Where we ship</h2>
      <p>
        {storeName} ships to customers worldwide. Shipping options and their costs for your address are shown at
        checkout before you pay, so you always know the total before placing your order.
      </p>

      <h2>Order processing</h2>
      <p>
        Orders are processed within <strong>1-3 business days</strong>. During this time we carefully check, pack, and
        prepare your books for their journey. Orders placed on weekends or public holidays begin processing on the next
        business day. During busy seasons such as Christmas and Easter, please allow a little extra time.
      </p>

      <h2>Estimated delivery times</h2>
      <p>
        Once your order has shipped, delivery usually takes the following number of business days, depending on your
        destination:
      </p>
      <div className="overflow-x-auto">
        <table>
          <caption>Estimated delivery times after shipment, by destination</caption>
          <thead>
            <tr>
              <th scope="col">Destination</th>
              <th scope="col">Estimated delivery</th>
            </tr>
          </thead>
          <tbody>
            {DELIVERY_ESTIMATES.map((row) => (
              <tr key={row.region}>
                <th scope="row">{row.region}</th>
                <td>{row.estimate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        These are estimates, not guarantees. Weather, carrier delays, and customs checks can occasionally add a few
        days, especially for international deliveries.
      </p>

      <h2>Tracking your order</h2>
      <p>
        When your order ships, we will e-mail you a tracking number. Your tracking number becomes active{" "}
        <strong>within 24 hours</strong>, once the carrier has scanned your package. You can follow your order on our{" "}
        <a href="/track-order">Track Your Order</a> page, or, if you have an account, in your{" "}
        <a href="/order-history">order history</a>.
      </p>

      <h2>Customs, duties, and taxes</h2>
      <p>
        International orders may be subject to customs duties, import taxes, and fees charged by the destination
        country. <strong>These charges are the responsibility of the customer</strong> and are not included in our
        prices or shipping costs. Because they vary from country to country, we are unable to predict them; please check
        with your local customs office if you are unsure. Any such charges are usually collected by the carrier at
        delivery.
      </p>

      <h2>Please check your address</h2>
      <p>
        Make sure your shipping address is complete and correct before placing your order. If you notice a mistake,
        write to us as soon as possible. We are happy to correct it as long as your order has not yet shipped.
      </p>

      <h2>Lost or damaged packages</h2>
      <p>
        If your package has not arrived within the estimated delivery time, or if it arrives damaged, please contact us
        at <a href={`mailto:${contactEmail}`}>{contactEmail}</a> with your order number. We will work with the carrier
        and with you to make it right. See our <a href="/returns-and-refunds">Returns &amp; Refunds</a> policy for more
        about damaged items.
      </p>

      <h2>Questions?</h2>
      <p>
        Our <a href="/help-center">Help Center</a> answers the most common questions about shipping. For anything else,
        visit our <a href="/contact-us">contact page</a> or write to{" "}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>
    </>
  );
}
