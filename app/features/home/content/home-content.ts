/**
 * Static copy for the home page (spec section 2 "Home page"). The bundles are catalogue rows
 * now (server/books/list-bundles.ts), with their stock.
 * The store's name and contact e-mail are never written here; they come from the database.
 */

/** lucide-react icon names the Benefits cards may use; the UI maps each name to its component. */
export type BenefitIconName =
  "BookOpen" | "ShieldCheck" | "Palette" | "Heart" | "Users" | "Sparkles" | "Church" | "GraduationCap";

export interface HeroContent {
  headline: string;
  subheadline: string;
}

export interface ValueLabel {
  value: string;
  label: string;
}

export interface Benefit {
  title: string;
  description: string;
  icon: BenefitIconName;
}

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  rating: 5;
}

export interface TestimonialSummary {
  rating: string;
  reviews: string;
}

export interface HomeFaqItem {
  question: string;
  answer: string;
}

export const HERO: HeroContent = {
  headline: "Bible Stories Your Children Will Treasure",
  subheadline:
    "Beautifully illustrated, biblically faithful books that bring God's Word to life for little hearts, made for bedtime, family devotions, Sunday school, and the classroom.",
};

export const HERO_CLAIMS: ValueLabel[] = [
  { value: "20+", label: "Stories" },
  { value: "9+", label: "Hard Covers" },
  { value: "5-Star", label: "Rated" },
];

export const BENEFITS: Benefit[] = [
  {
    title: "Faithful to Scripture",
    description:
      "Every story is written from a careful reading of the Bible passage. We simplify the words for young readers, never the truth.",
    icon: "BookOpen",
  },
  {
    title: "Theologically Reviewed",
    description:
      "Each manuscript and illustration is reviewed for faithfulness to the text and to historic Christian teaching before it is printed.",
    icon: "ShieldCheck",
  },
  {
    title: "Beautifully Illustrated",
    description:
      "Rich, full-color artwork on every page invites children to linger, wonder, and return to the story again and again.",
    icon: "Palette",
  },
  {
    title: "God at the Center",
    description:
      "Our stories point children to the Lord as the true hero of every account, and show how the whole Bible points to Jesus.",
    icon: "Heart",
  },
  {
    title: "Made for Reading Together",
    description:
      "Warm, rhythmic language for ages 3 to 8 makes our books a joy to read aloud at bedtime, family devotions, or story time.",
    icon: "Users",
  },
  {
    title: "Trusted by Churches and Schools",
    description:
      "Sturdy hardcovers and specially priced sets serve Sunday schools, church libraries, Christian classrooms, and homeschools.",
    icon: "Church",
  },
];

export const STATS: ValueLabel[] = [
  { value: "9+", label: "Hard Covers" },
  { value: "20+", label: "Stories Pending" },
  { value: "99%", label: "Recommended by Pastors" },
  { value: "100%", label: "Theologically Reviewed" },
];

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      "My children ask for these books every night. I love that I never have to stop and correct the story. They tell it just the way the Bible does, and the pictures are gorgeous.",
    name: "Sarah M.",
    role: "Mother of three, Texas",
    rating: 5,
  },
  {
    quote:
      "Finding children's resources I can trust is one of the hardest parts of my job. These books are faithful, clear, and keep God at the center. Our teachers love them.",
    name: "Pastor James R.",
    role: "Children's pastor",
    rating: 5,
  },
  {
    quote:
      "They have become the heart of our morning Bible time. My kindergartner listens, and my seven-year-old now reads them aloud to his little sister.",
    name: "Rachel T.",
    role: "Homeschool teacher",
    rating: 5,
  },
  {
    quote:
      "We bought the Prophet's Collection for our church library, and the books are never on the shelf. The hardcovers have held up beautifully to dozens of little hands.",
    name: "Deborah K.",
    role: "Church librarian, Georgia",
    rating: 5,
  },
  {
    quote:
      "I read these stories to my grandchildren whenever they visit. The illustrations spark so many good questions, and the answers are always right there in the text.",
    name: "Margaret L.",
    role: "Grandmother of five, Ontario",
    rating: 5,
  },
  {
    quote:
      "Our first-grade class looks forward to Bible story time all week. It is wonderful to have books that are engaging for the children and sound in their teaching.",
    name: "Daniel W.",
    role: "Christian school teacher",
    rating: 5,
  },
];

export const TESTIMONIAL_SUMMARY: TestimonialSummary = { rating: "4.9/5", reviews: "2,000+ reviews" };

export const HOME_FAQ: HomeFaqItem[] = [
  {
    question: "Are your books theologically sound?",
    answer:
      "Yes. Every story is written from a careful reading of the Bible passage itself, and each manuscript and its illustrations are theologically reviewed for faithfulness to Scripture and to historic, orthodox Christian teaching before printing. We simplify the words for young readers, never the truth.",
  },
  {
    question: "What ages are the books designed for?",
    answer:
      "Our books are written for children ages 3 to 8. Younger children love listening to them read aloud and exploring the illustrations, while older children enjoy reading the stories on their own.",
  },
  {
    question: "What is your return policy?",
    answer:
      "We want you to love your books. You can return unused items in their original packaging within 30 days of receipt with proof of purchase, and our book sets come with a 30 to 90-day satisfaction guarantee. Just write to us and we'll help.",
  },
  {
    question: "Where do you ship?",
    answer:
      "We currently ship only within the United States. Orders are processed within 1-3 business days, and you'll receive a tracking number as soon as your order is on its way.",
  },
];
