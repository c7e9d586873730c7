import type { StoreInfoProps } from "./info-page-layout.tsx";

export function PrivacyPolicyPage({ storeName, contactEmail }: StoreInfoProps) {
  const mailto = `mailto:${contactEmail}`;
  return (
    <>
      <h2>1. Who We Are</h2>
      <p>
        {storeName} (&ldquo;we,&rdquo; &ldquo;us,&rdquo; or &ldquo;our&rdquo;) publishes and sells illustrated
        children&apos;s Bible-story books through this website. We are responsible for the personal information
        described in this policy. You can reach us about privacy at any time at <a href={mailto}>{contactEmail}</a>.
      </p>

      <h2>2. Information We Collect</h2>
      <p>We collect only the information we need to run our store and serve you:</p>
      <dl>
        <dt>Account information</dt>
        <dd>
          When you create an account: your e-mail address, your name, and your password. Your password is stored only in
          a securely hashed form, so no one, including us, can read it. If you choose to complete your profile, we also
          store the optional details you add, such as a username or website.
        </dd>
        <dt>Order and payment information</dt>
        <dd>
          When you place an order: the items you bought, quantities, prices, order totals, order dates and status, the
          e-mail address for the order, and the delivery details needed to send it to you. Payments are handled by our
          payment providers (card processors and PayPal). We do not receive or store your full card number.
        </dd>
        <dt>Newsletter</dt>
        <dd>When you join our community e-mail list: your e-mail address and the date you subscribed.</dd>
        <dt>Messages you send us</dt>
        <dd>
          When you write to us through our contact form or by e-mail: your name, e-mail address, the subject, and the
          content of your message, together with our reply.
        </dd>
        <dt>Your collection (cart)</dt>
        <dd>
          The items in your collection are kept in your own browser&apos;s local storage, on your device. They are not
          sent to us while you shop; we only receive them if you place an order.
        </dd>
        <dt>Technical information</dt>
        <dd>
          Like any website, our servers receive basic technical information with each request (such as your IP address,
          browser type, and the page requested). We use it only to deliver the Site and to keep it secure, and keep it
          only briefly.
        </dd>
      </dl>
      <p>We do not knowingly collect sensitive information, and we never ask for information about your children.</p>

      <h2>3. Cookies and Local Storage</h2>
      <p>
        We keep this simple. We use <strong>one session cookie</strong>, which is strictly necessary to keep you signed
        in to your account securely. It is removed when you sign out or when your session expires. We also use your
        browser&apos;s local storage to remember the items in your collection between visits.
      </p>
      <p>
        We do <strong>not</strong> use analytics, tracking, or advertising cookies, and we do not allow advertisers or
        social networks to track you on our Site. You can clear cookies and local storage at any time in your browser
        settings; if you do, you will be signed out and your collection will be emptied.
      </p>

      <h2>4. How and Why We Use Your Information</h2>
      <ul>
        <li>
          <strong>To provide your account and our store</strong>, including signing you in, resetting your password, and
          showing your order history. (Necessary to provide the service you asked for.)
        </li>
        <li>
          <strong>To process and deliver your orders</strong>, take payment, send order confirmations and shipping
          updates, and handle returns and refunds. (Necessary to fulfill our contract with you.)
        </li>
        <li>
          <strong>To answer your messages</strong> and provide customer support. (Our legitimate interest in helping
          you, or steps you have asked us to take.)
        </li>
        <li>
          <strong>To send our newsletter</strong> and news about upcoming launches, only if you have subscribed. (Your
          consent, which you can withdraw at any time.)
        </li>
        <li>
          <strong>To keep the Site secure</strong> and prevent fraud and abuse. (Our legitimate interest in protecting
          our customers and our store.)
        </li>
        <li>
          <strong>To meet our legal obligations</strong>, such as keeping tax and accounting records. (Legal
          obligation.)
        </li>
      </ul>
      <p>
        We do <strong>not</strong> sell or rent your personal information, we do not use it for advertising profiles,
        and we do not share it with others for their own marketing.
      </p>

      <h2>5. Who We Share It With</h2>
      <p>We share personal information only when necessary, with:</p>
      <ul>
        <li>service providers who help us run our store, such as website hosting and e-mail delivery;</li>
        <li>payment providers, to process your payment securely;</li>
        <li>shipping carriers, to deliver your order and provide tracking;</li>
        <li>authorities, when the law requires it or to protect our rights and the safety of others.</li>
      </ul>
      <p>
        Our service providers may use your information only to provide their services to us and must keep it safe. If{" "}
        {storeName} is ever reorganized or transferred, your information would pass to the new owner only under the
        protections of this policy.
      </p>

      <h2>6. International Transfers</h2>
      <p>
        Because we serve customers around the world, your information may be stored or processed in countries other than
        your own. Where that happens, we take steps so that it remains protected in line with this policy and applicable
        law.
      </p>

      <h2>7. How Long We Keep Your Information</h2>
      <ul>
        <li>
          <strong>Account and profile information:</strong> for as long as your account is open. If you ask us to delete
          your account, we will delete it, except for records we must keep for the reasons below.
        </li>
        <li>
          <strong>Order records:</strong> for as long as tax, accounting, and consumer law require, and no longer.
        </li>
        <li>
          <strong>Newsletter e-mail address:</strong> until you unsubscribe.
        </li>
        <li>
          <strong>Messages you send us:</strong> for as long as needed to answer and follow up on your request, and then
          for a limited time in case you contact us again about the same matter.
        </li>
        <li>
          <strong>Session cookie:</strong> until you sign out or your session expires.
        </li>
        <li>
          <strong>Your collection in local storage:</strong> on your device until you remove the items or clear your
          browser data.
        </li>
      </ul>

      <h2>8. How We Protect Your Information</h2>
      <p>
        We use encrypted connections (HTTPS), hashed passwords, restricted staff access, and reputable service providers
        to protect your information. No system is perfectly secure, but we work hard to safeguard your data and will
        notify you and the relevant authorities of a serious breach where the law requires.
      </p>

      <h2>9. Children&apos;s Privacy</h2>
      <p>
        Our books are made for children, but our website and store are meant for parents, guardians, teachers, and other
        adults. We do not knowingly collect personal information from children under 13 (or the equivalent age where you
        live). If you believe a child has given us personal information, please contact us and we will delete it
        promptly.
      </p>

      <h2>10. Your Rights and Choices</h2>
      <p>Depending on where you live, you may have the right to:</p>
      <ul>
        <li>ask for a copy of the personal information we hold about you;</li>
        <li>
          correct information that is inaccurate; you can update your name and profile yourself from your account;
        </li>
        <li>ask us to delete your information or your account;</li>
        <li>object to or ask us to limit certain uses of your information;</li>
        <li>receive your information in a portable format;</li>
        <li>withdraw your consent at any time, for example by unsubscribing from our newsletter;</li>
        <li>complain to your local data protection authority.</li>
      </ul>
      <p>
        To use any of these rights, write to us at <a href={mailto}>{contactEmail}</a>. We may need to confirm your
        identity before acting on your request. We will respond within the time the law requires, and in any case within
        30 days. We will never treat you differently for exercising your privacy rights.
      </p>

      <h2>11. Changes to This Policy</h2>
      <p>
        We may update this policy from time to time. When we do, we will change the &ldquo;Last updated&rdquo; date at
        the top of this page, and if the changes are significant we will let you know by e-mail or with a notice on the
        Site.
      </p>

      <h2>12. Contact Us</h2>
      <p>
        If you have any questions about this policy or how we handle your information, please write to us at{" "}
        <a href={mailto}>{contactEmail}</a> or use our <a href="/contact-us">contact page</a>. You can also read our{" "}
        <a href="/terms-of-service">Terms of Service</a>.
      </p>
    </>
  );
}
