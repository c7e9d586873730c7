import type { StoreInfoProps } from "./info-page-layout.tsx";

export function OurMissionPage({ storeName, contactEmail }: StoreInfoProps) {
  return (
    <>
      <blockquote>
        <p>
          &ldquo;We will not hide them from their children, but tell to the coming generation the glorious deeds of the
          LORD, and his might, and the wonders that he has done.&rdquo; &mdash; Psalm 78:4
        </p>
      </blockquote>

      <h2>Why we began</h2>
      <p>
        {storeName} began with a simple concern shared by many Christian parents: it is surprisingly hard to find
        children&apos;s Bible books that are both delightful to read and truly faithful to Scripture. Some retellings
        leave out the parts of the story that matter most. Others add so much invention that a child can no longer tell
        where the Bible ends and the storyteller begins. And too often, God Himself fades into the background while the
        heroes of the story take center stage.
      </p>
      <p>
        We wanted books we could hand to our own children with confidence: books that tell the true stories of the Bible
        with warmth and wonder, that point always to the faithfulness of God, and that are beautiful enough to be read
        again and again. So we set out to make them.
      </p>

      <h2>What we believe a children&apos;s Bible book should be</h2>
      <ul>
        <li>
          <strong>Faithful to the text.</strong> Every story starts with a careful reading of the Bible passage itself.
          We simplify language for young readers, but we do not change what God&apos;s Word says.
        </li>
        <li>
          <strong>Centered on God.</strong> Noah, Moses, David, and Daniel are not the true heroes of their stories. The
          Lord is. Our books help children see His power, His mercy, and His promises, and how every part of Scripture
          points to Jesus.
        </li>
        <li>
          <strong>Beautiful.</strong> Children deserve our best. Our illustrators work with care to create rich,
          thoughtful art that invites little ones to linger over every page.
        </li>
        <li>
          <strong>Made to be shared.</strong> Our books are written to be read aloud, on a parent&apos;s lap, at the
          bedtime story, around the family table, and in the Sunday school circle, so that faith is passed on in the
          warmth of real relationships.
        </li>
        <li>
          <strong>Built to last.</strong> Our books are sturdy hardcovers, made to survive eager hands and to be handed
          down to younger brothers and sisters.
        </li>
      </ul>

      <h2>Theologically reviewed, every time</h2>
      <p>
        Before any book carries our name, its text and illustrations are reviewed for faithfulness to Scripture and
        consistency with historic, orthodox Christian teaching. You can read what we believe in our{" "}
        <a href="/statement-of-faith">Statement of Faith</a>. We take seriously the trust parents, pastors, and teachers
        place in us when they put our books into children&apos;s hands.
      </p>

      <h2>Serving families, churches, and schools</h2>
      <p>
        Parents are a child&apos;s first teachers of the faith, and we want to support them. We also love partnering
        with the churches and schools that come alongside families. Whether you are reading at home, leading a
        children&apos;s ministry, or teaching a classroom of young learners, our stories are made to serve you. Learn
        more on our pages <a href="/for-churches">for churches</a> and <a href="/for-schools">for schools</a>.
      </p>

      <h2>Walk with us</h2>
      <p>
        We are a small publisher with a big hope: that a generation of children would grow up knowing the stories of the
        Bible well and, through them, come to know the God who wrote them. If our books have been a blessing to your
        family, or if you have ideas, questions, or prayer requests, we would love to hear from you at{" "}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a> or through our <a href="/contact-us">contact page</a>.
      </p>
    </>
  );
}
