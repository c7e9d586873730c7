import { ContactCallout } from "./contact-callout.tsx";
import type { StoreInfoProps } from "./info-page-layout.tsx";

export function ForChurchesPage({ storeName, contactEmail }: StoreInfoProps) {
  return (
    <>
      <p>
        Pastors, children&apos;s ministry leaders, and volunteer teachers carry a precious responsibility: helping young
        children meet the God of the Bible. At {storeName}, we want to put trustworthy tools in your hands, books you
        never have to double-check or apologize for, because every one has been written from the text of Scripture and
        theologically reviewed before it is printed.
      </p>

      <h2>How churches use our books</h2>
      <ul>
        <li>
          <strong>Sunday school and children&apos;s church.</strong> Read a story aloud to open or close your lesson, or
          build a whole lesson around it. Our illustrations are large and clear enough to share with a small group.
        </li>
        <li>
          <strong>Nursery and preschool ministry.</strong> Simple, warm language makes our books a natural fit for
          children ages 3 to 8 and for the volunteers who read with them.
        </li>
        <li>
          <strong>Vacation Bible School and special events.</strong> Pair a book with your theme, or give one as a
          keepsake at the end of the week.
        </li>
        <li>
          <strong>Church libraries and family lending shelves.</strong> Durable hardcovers stand up to many borrowers
          and many readings.
        </li>
        <li>
          <strong>Milestone gifts.</strong> Celebrate a baby dedication or baptism, welcome a new family, or thank your
          volunteers with a book that points to Christ.
        </li>
        <li>
          <strong>Take-home discipleship.</strong> Send a story home so parents can continue at the kitchen table what
          their children heard at church.
        </li>
      </ul>

      <h2>Books you can trust</h2>
      <p>
        We know that anything placed in front of children at church speaks for your congregation. That is why every{" "}
        {storeName} title is faithful to the biblical text, centered on God rather than on the human characters, and
        reviewed for consistency with historic, orthodox Christian teaching. You are welcome to read our{" "}
        <a href="/statement-of-faith">Statement of Faith</a> and share it with your leadership.
      </p>

      <h2>Sets for classrooms and ministries</h2>
      <p>
        Our three sets are an easy way to stock a classroom or resource room at a lower price than buying books one by
        one. The Prophet&apos;s Collection, with seven hardcover books, is our most complete set and a favorite for
        Sunday school rooms and church libraries. You can see all three sets, and what each one includes, on our{" "}
        <a href="/">home page</a>.
      </p>

      <h2>Ordering for your congregation</h2>
      <p>
        Planning to buy for several classrooms, a whole children&apos;s ministry, or a church-wide gift? Tell us what
        you have in mind and how many copies you need. We will gladly help you choose the right titles and talk through
        quantity orders and delivery. To order many titles at once, with quantity prices, use our{" "}
        <a href="/bulk-order">bulk order form</a>. Please see our{" "}
        <a href="/shipping-information">Shipping Information</a> for delivery times.
      </p>

      <ContactCallout
        heading="Let's serve your church together"
        text="Tell us about your ministry, the ages you teach, and what you are looking for. A member of our team will be glad to help."
        buttonLabel="Contact Our Church Team"
        enquiry="church"
        contactEmail={contactEmail}
      />
    </>
  );
}
