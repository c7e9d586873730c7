import type { StoreInfoProps } from "./info-page-layout.tsx";

export function AboutUsPage({ storeName, contactEmail }: StoreInfoProps) {
  return (
    <>
      <h2>Who we are</h2>
      <p>
        We are a team of parents, writers, illustrators, and Bible teachers who share one conviction: the true stories
        of Scripture are the best stories a child can hear. We read to our own children every night, and we make the
        kind of books we always wished we could find on the shelf: faithful, beautiful, and full of wonder at who God is
        and what He has done.
      </p>
      <p>
        Our work is rooted in the Bible&apos;s own story, from the first pages of Genesis to the promise of
        Christ&apos;s return. Our office hours are kept in Israel time, and we think often of the hills, rivers, and
        towns where these stories first unfolded as we bring them to life for children around the world.
      </p>

      <h2>How a book comes to life</h2>
      <p>Every title we publish goes through the same careful steps:</p>
      <ol>
        <li>
          <strong>Scripture first.</strong> We study the Bible passage closely, along with its place in the larger story
          of the Bible, before a single word of the retelling is written.
        </li>
        <li>
          <strong>Writing for young ears.</strong> Our writers shape the story in clear, warm language that young
          children can follow and that is a joy to read aloud, without adding to or taking away from what the Bible
          teaches.
        </li>
        <li>
          <strong>Theological review.</strong> The manuscript is reviewed for faithfulness to the text and consistency
          with our <a href="/statement-of-faith">Statement of Faith</a>.
        </li>
        <li>
          <strong>Illustration.</strong> Our artists create full-color illustrations that are rich in detail, respectful
          of the biblical setting, and true to the words on the page.
        </li>
        <li>
          <strong>Final review and printing.</strong> Text and art are reviewed together one last time before each book
          is printed as a durable hardcover, ready for years of reading.
        </li>
      </ol>

      <h2>What we offer</h2>
      <p>
        Our growing library includes hardcover Bible-story books and more stories on the way. For families who want to
        build a home library, and for churches and classrooms, we also offer three specially priced sets: The
        Disciple&apos;s Set, The Shepherd&apos;s Pack, and The Prophet&apos;s Collection. You will find them all on our{" "}
        <a href="/">home page</a>.
      </p>

      <h2>Who we serve</h2>
      <ul>
        <li>
          <strong>Families</strong> looking for trustworthy books for bedtime, family devotions, and quiet afternoons.
        </li>
        <li>
          <strong>Churches</strong> equipping Sunday school teachers, children&apos;s ministries, and church libraries.
          See <a href="/for-churches">For Churches</a>.
        </li>
        <li>
          <strong>Schools and homeschoolers</strong> teaching the Bible to young learners. See{" "}
          <a href="/for-schools">For Schools</a>.
        </li>
      </ul>

      <h2>Say hello</h2>
      <p>
        We read every message we receive. Whether you have a question about an order, a story you would love to see us
        publish, or simply want to tell us how a book has been used in your home, please write to us at{" "}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a> or visit our <a href="/contact-us">contact page</a>. Thank
        you for letting {storeName} be a small part of your family&apos;s journey of faith.
      </p>
    </>
  );
}
