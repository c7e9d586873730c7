import type { StoreInfoProps } from "./info-page-layout.tsx";

export function StatementOfFaithPage({ storeName, contactEmail }: StoreInfoProps) {
  return (
    <>
      <h2>The Holy Scriptures</h2>
      <p>
        We believe that the Bible, the sixty-six books of the Old and New Testaments, is the inspired Word of God,
        without error in the original writings, fully trustworthy, and the final authority for all Christian faith and
        life. (2 Timothy 3:16&ndash;17; 2 Peter 1:20&ndash;21)
      </p>

      <h2>The Triune God</h2>
      <p>
        We believe in one God, eternally existing in three persons: the Father, the Son, and the Holy Spirit. Each is
        fully God, equal in power and glory, and the three are one God. (Deuteronomy 6:4; Matthew 28:19; 2 Corinthians
        13:14)
      </p>

      <h2>Creation</h2>
      <p>
        We believe that God created the heavens and the earth and all that is in them out of nothing, by the word of His
        power, and that His creation was very good. God made humanity, male and female, in His own image, to know, love,
        and glorify Him. (Genesis 1&ndash;2; Colossians 1:16)
      </p>

      <h2>Humanity and Sin</h2>
      <p>
        We believe that through the disobedience of Adam and Eve, sin entered the world, bringing death and separation
        from God. All people are sinners by nature and by choice, and cannot save themselves. (Genesis 3; Romans 3:23;
        Romans 5:12)
      </p>

      <h2>Jesus Christ</h2>
      <p>
        We believe that Jesus Christ is the eternal Son of God, fully God and fully man. He was conceived by the Holy
        Spirit and born of the virgin Mary, and He lived a sinless life. He died on the cross as a substitute for
        sinners, bearing the punishment we deserved and making full atonement for sin. On the third day He rose bodily
        from the dead, ascended into heaven, and now reigns at the right hand of the Father, where He intercedes for His
        people. (John 1:1&ndash;14; 1 Corinthians 15:3&ndash;4; Hebrews 4:15; 1 Peter 2:24)
      </p>

      <h2>The Holy Spirit</h2>
      <p>
        We believe that the Holy Spirit convicts the world of sin, gives new life to all who believe, lives within every
        Christian, and empowers God&apos;s people to understand Scripture and to live holy lives. (John 16:8; Titus 3:5;
        Galatians 5:22&ndash;25)
      </p>

      <h2>Salvation</h2>
      <p>
        We believe that salvation is the free gift of God, received by grace alone through faith alone in Christ alone,
        and not by any human works or merit. All who repent and trust in Jesus are forgiven, made right with God, and
        adopted as His children. (Ephesians 2:8&ndash;9; Romans 10:9; John 1:12)
      </p>

      <h2>The Church</h2>
      <p>
        We believe that the Church is the body of Christ, made up of all who have been saved through faith in Him. Local
        churches gather to worship God, to hear His Word preached, to observe baptism and the Lord&apos;s Supper, and to
        make disciples of all nations, including the youngest among us. (Matthew 28:18&ndash;20; Acts 2:42; Ephesians
        4:11&ndash;16)
      </p>

      <h2>The Return of Christ</h2>
      <p>
        We believe that Jesus Christ will return personally and visibly in glory. He will raise the dead and judge the
        world in righteousness; those who belong to Him will live with Him forever in the new heavens and the new earth.
        (Acts 1:11; 1 Thessalonians 4:16&ndash;17; Revelation 21:1&ndash;5)
      </p>

      <hr />

      <h2>How This Shapes Our Books</h2>
      <p>
        Because we believe the Bible is God&apos;s true and trustworthy Word, we handle it with care, even when we are
        retelling it for a four-year-old. Every {storeName} book begins with the text of Scripture. We simplify words
        and sentences for young readers, but we do not add events, soften God&apos;s holiness, or remove the parts of a
        story that teach something important. Illustrations are checked against the text, too, so that pictures and
        words tell the same story.
      </p>
      <p>
        Every manuscript and every set of illustrations is theologically reviewed against this statement before it is
        printed. And because we believe the whole Bible tells one great story of God&apos;s rescue through Jesus, our
        books help children see how each account points to Him.
      </p>
      <p>
        If you have questions about our beliefs or about how a particular story is handled, we would be glad to talk
        with you. Please write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
      </p>
    </>
  );
}
