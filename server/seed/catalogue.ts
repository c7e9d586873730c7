/**
 * The demo catalogue that `npm start` puts into an empty database, so the shop looks real
 * offline. Listed oldest first: the seed gives each book a later `created_at` than the one before.
 */
export interface SeedBook {
  title: string;
  author: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  badge: string | null;
  rating: number | null;
  reviews: number | null;
  ageRange: string | null;
  stock: number | null;
  /** Topic tags for the catalogue's filter. */
  tags: string[];
  /** Cover colours: background and accent. */
  colors: [string, string];
}

export const SEED_BOOKS: SeedBook[] = [
  {
    title: "In the Beginning: The Story of Creation",
    author: "Miriam Hale",
    description:
      "Light, land, stars and sea: walk through the six days of creation and rest on the seventh, discovering that everything God made is very good, including you.",
    priceCents: 1499,
    originalPriceCents: 1999,
    badge: "Bestseller",
    rating: 4.9,
    reviews: 312,
    ageRange: "3-6",
    stock: 40,
    tags: ["Old Testament", "Creation"],
    colors: ["#1e3a8a", "#fbbf24"],
  },
  {
    title: "Noah's Ark and the Promise of the Rainbow",
    author: "Samuel Brooks",
    description:
      "Two by two the animals come aboard as Noah trusts God through forty days of rain, until a rainbow fills the sky with a promise that still stands today.",
    priceCents: 1599,
    originalPriceCents: null,
    badge: "Bestseller",
    rating: 4.8,
    reviews: 287,
    ageRange: "3-7",
    stock: 35,
    tags: ["Old Testament", "Promises"],
    colors: ["#0f766e", "#fde68a"],
  },
  {
    title: "Abraham Counts the Stars",
    author: "Ruth Ellison",
    description:
      "An old man, a night sky and a promise too big to count. Abraham learns to trust God's timing, and children learn that God always keeps His word.",
    priceCents: 1399,
    originalPriceCents: null,
    badge: "Classic",
    rating: 4.5,
    reviews: 96,
    ageRange: "4-8",
    stock: 22,
    tags: ["Old Testament", "Heroes of Faith", "Promises"],
    colors: ["#312e81", "#e0e7ff"],
  },
  {
    title: "Joseph and His Coat of Many Colors",
    author: "Daniel Price",
    description:
      "Sold by his brothers, forgotten in prison, raised up to save a nation: Joseph's story shows how God weaves even hard days into a good plan.",
    priceCents: 1699,
    originalPriceCents: 2199,
    badge: null,
    rating: 4.6,
    reviews: 141,
    ageRange: "5-9",
    stock: 18,
    tags: ["Old Testament", "Heroes of Faith", "Forgiveness"],
    colors: ["#9a3412", "#fed7aa"],
  },
  {
    title: "Moses and the Parting of the Red Sea",
    author: "Miriam Hale",
    description:
      "With Pharaoh's army behind them and the sea ahead, God's people watch the waters rise up like walls. A thrilling story of rescue and faithfulness.",
    priceCents: 1599,
    originalPriceCents: null,
    badge: "Staff Pick",
    rating: 4.7,
    reviews: 158,
    ageRange: "4-8",
    stock: 0,
    tags: ["Old Testament", "Heroes of Faith", "Miracles"],
    colors: ["#075985", "#bae6fd"],
  },
  {
    title: "David and Goliath: The Shepherd Boy's Courage",
    author: "Samuel Brooks",
    description:
      "Five smooth stones, one sling and a heart that trusts the Lord. Young David faces the giant and shows that the battle belongs to God.",
    priceCents: 1499,
    originalPriceCents: 1899,
    badge: "Bestseller",
    rating: 4.9,
    reviews: 356,
    ageRange: "4-8",
    stock: 50,
    tags: ["Old Testament", "Heroes of Faith", "Courage"],
    colors: ["#3f6212", "#ecfccb"],
  },
  {
    title: "Daniel in the Lions' Den",
    author: "Ruth Ellison",
    description:
      "Daniel keeps praying when the law forbids it, and spends a long night among hungry lions. Morning brings a wonder that makes a king praise God.",
    priceCents: 1499,
    originalPriceCents: null,
    badge: null,
    rating: 4.4,
    reviews: 77,
    ageRange: "5-9",
    stock: 12,
    tags: ["Old Testament", "Heroes of Faith", "Prayer", "Courage"],
    colors: ["#92400e", "#fef3c7"],
  },
  {
    title: "Jonah and the Great Fish",
    author: "Daniel Price",
    description:
      "Jonah runs one way while God calls him the other. A storm, a very big fish and a second chance teach that God's mercy reaches everyone.",
    priceCents: 1299,
    originalPriceCents: null,
    badge: "Classic",
    rating: 4.3,
    reviews: 64,
    ageRange: "3-7",
    stock: 25,
    tags: ["Old Testament", "Forgiveness", "Prayer"],
    colors: ["#155e75", "#a5f3fc"],
  },
  {
    title: "The Birth of Jesus: A Savior in a Manger",
    author: "Grace Whitfield",
    description:
      "Angels sing, shepherds hurry and wise men follow a star to Bethlehem, where God's greatest gift lies in a humble manger. A Christmas story for every season.",
    priceCents: 1799,
    originalPriceCents: 2299,
    badge: "Bestseller",
    rating: 5,
    reviews: 421,
    ageRange: "3-8",
    stock: null,
    tags: ["New Testament", "Christmas"],
    colors: ["#7f1d1d", "#fde68a"],
  },
  {
    title: "The Good Samaritan",
    author: "Grace Whitfield",
    description:
      "Who is my neighbor? Jesus answers with a story of a traveller in need and the unexpected stranger who stops to help. A gentle lesson in love and kindness.",
    priceCents: 1399,
    originalPriceCents: null,
    badge: "New Release",
    rating: 4.7,
    reviews: 38,
    ageRange: "4-8",
    stock: 30,
    tags: ["New Testament", "Parables"],
    colors: ["#166534", "#bbf7d0"],
  },
  {
    title: "The Prodigal Son Comes Home",
    author: "Samuel Brooks",
    description:
      "A son who wandered far, a father who never stopped watching the road. Jesus' parable paints the joy of heaven over one child who comes home.",
    priceCents: 1499,
    originalPriceCents: 1799,
    badge: "New Release",
    rating: 4.8,
    reviews: 24,
    ageRange: "5-9",
    stock: 28,
    tags: ["New Testament", "Parables", "Forgiveness"],
    colors: ["#6b21a8", "#f3e8ff"],
  },
  {
    title: "He Is Risen! The Story of the Resurrection",
    author: "Miriam Hale",
    description:
      "From a sad Friday to the surprise of an empty tomb, follow Jesus' friends as they discover the best news of all: He is alive, and His love wins.",
    priceCents: 1799,
    originalPriceCents: null,
    badge: "New Release",
    rating: 4.9,
    reviews: 15,
    ageRange: "3-8",
    stock: 45,
    tags: ["New Testament", "Easter", "Miracles"],
    colors: ["#b45309", "#fffbeb"],
  },
  {
    title: "Ruth and Naomi: Where You Go, I Will Go",
    author: "Ruth Ellison",
    description:
      "A widow chooses to stay by her mother-in-law's side and finds a new home among God's people. A tender story of loyalty, kindness and God's care.",
    priceCents: 1399,
    originalPriceCents: null,
    badge: "Coming Back Soon",
    rating: 0,
    reviews: 0,
    ageRange: "6-10",
    stock: 8,
    tags: ["Old Testament", "Heroes of Faith"],
    colors: ["#9f1239", "#ffe4e6"],
  },
];
