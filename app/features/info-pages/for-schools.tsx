import { ContactCallout } from "./contact-callout.tsx";
import type { StoreInfoProps } from "./info-page-layout.tsx";

export function ForSchoolsPage({ storeName, contactEmail }: StoreInfoProps) {
  return (
    <>
      <p>
        Teachers know that a good book can open a child&apos;s heart and mind like nothing else. {storeName} books are
        written for children ages 3 to 8, from preschool through the early elementary years, and they are designed to be
        read aloud, talked about, and returned to again and again. Most importantly, they are faithful to Scripture, so
        you can build on them with confidence.
      </p>

      <h2>In the Christian school classroom</h2>
      <ul>
        <li>
          <strong>Bible class.</strong> Introduce a lesson with a story, then let the illustrations spark questions and
          conversation about who God is and what He has done.
        </li>
        <li>
          <strong>Read-aloud time.</strong> Clear, rhythmic language makes our books a pleasure to read to a whole
          class, and large full-color illustrations help every child follow along.
        </li>
        <li>
          <strong>Early readers.</strong> Older students in our age range enjoy reading the stories on their own or with
          a reading buddy.
        </li>
        <li>
          <strong>Chapel and assemblies.</strong> A short story is a wonderful way to open a time of worship with
          younger grades.
        </li>
        <li>
          <strong>The school library.</strong> Sturdy hardcovers are made to be borrowed, carried home, and brought back
          many times over.
        </li>
      </ul>

      <h2>For homeschool families and co-ops</h2>
      <p>
        Many of our readers learn at home. Our books fit naturally into a morning basket, a family Bible time, or a unit
        study on a period of biblical history. Because every story follows the biblical text closely, children can move
        easily from the picture book to reading the same passage in their own Bible as they grow. Co-ops and groups of
        families often share a set between them or build a lending library together.
      </p>

      <h2>Faithful content you can build on</h2>
      <p>
        Every {storeName} title is written from a careful reading of the Bible passage and theologically reviewed before
        it is printed. We do not invent dialogue that changes the meaning of a passage, and we keep God at the center of
        every story. Our <a href="/statement-of-faith">Statement of Faith</a> sets out the convictions that guide our
        work.
      </p>

      <h2>Stocking a classroom</h2>
      <p>
        Our three sets make it simple and affordable to build a classroom collection. The Disciple&apos;s Set is
        especially suited to the youngest learners (ages 3 to 7), while The Prophet&apos;s Collection offers seven
        hardcover books for a well-rounded Bible-story shelf. Compare the sets on our <a href="/">home page</a>. If you
        are ordering for several classrooms or an entire school, get in touch and we will gladly help you plan your
        order, or choose every title at once on our <a href="/bulk-order">bulk order form</a>, with quantity prices.
        Delivery times are listed on our <a href="/shipping-information">Shipping Information</a> page.
      </p>

      <ContactCallout
        heading="Bring our stories to your students"
        text="Tell us about your school, classroom, or homeschool group, the ages you teach, and how many students you serve. We would love to help."
        buttonLabel="Contact Our School Team"
        enquiry="school"
        contactEmail={contactEmail}
      />
    </>
  );
}
