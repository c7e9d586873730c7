/**
 * Help Center questions and answers, grouped for the accordion on /help-center.
 * Answers are plain text. The literal token {email} stands for the store's contact address and is
 * replaced by the UI (see EMAIL_TOKEN).
 */
export interface FaqItem {
  question: string;
  answer: string;
}

export type FaqGroupName = "Ordering" | "Shipping" | "Returns & Refunds";

export interface FaqGroup {
  group: FaqGroupName;
  items: FaqItem[];
}

/** Placeholder in answers for the store's contact e-mail address. */
export const EMAIL_TOKEN = "{email}";

export const HELP_CENTER_FAQ: FaqGroup[] = [
  {
    group: "Ordering",
    items: [
      {
        question: "How do I place an order?",
        answer:
          'Browse our books and sets, then choose "Add to Collection" on anything you would like. Your items are kept in "Your Collection"; open it with the button at the bottom right of any page to review quantities, then select "Proceed to Checkout" to complete your order.',
      },
      {
        question: "Do I need an account to order?",
        answer:
          "No. You can browse and build your collection as a guest. Creating a free account lets you see your order history, track your orders, and keep your details up to date in one place.",
      },
      {
        question: "Which payment methods do you accept?",
        answer:
          "We accept all major credit and debit cards and PayPal. All prices are shown in US dollars (USD), and payments are processed securely by our payment providers; we never store your full card number.",
      },
      {
        question: "Which ages are your books written for?",
        answer:
          "Our books are written for children ages 3 to 8, and they are made to be read aloud by parents, grandparents, and teachers. The Disciple's Set is especially suited to ages 3 to 7.",
      },
      {
        question: "Can I change or cancel my order?",
        answer:
          "Yes, as long as it has not shipped yet. Orders are processed within 1-3 business days, so please write to us at {email} as soon as possible with your order number and the change you need, and we will do our best to help.",
      },
      {
        question: "Do you offer larger orders for churches and schools?",
        answer:
          "Yes! We love serving churches, Christian schools, and homeschool groups. Our three book sets are a great way to stock a classroom, and for larger quantities please write to us at {email} so we can help you plan your order.",
      },
    ],
  },
  {
    group: "Shipping",
    items: [
      {
        question: "Where do you ship?",
        answer:
          "We ship worldwide. The shipping options and costs available for your address are shown at checkout before you pay.",
      },
      {
        question: "How long does it take to process my order?",
        answer:
          "Orders are processed within 1-3 business days. During that time we check, pack, and prepare your books for shipping.",
      },
      {
        question: "How long will delivery take?",
        answer:
          "After your order ships, estimated delivery times are: Israel 3-5 business days, North America 7-14 business days, Europe 7-14 business days, and the rest of the world 14-21 business days. These are estimates, and carrier or customs delays can occasionally add a few days.",
      },
      {
        question: "How can I track my order?",
        answer:
          "When your order ships, we e-mail you a tracking number, which becomes active within 24 hours. You can follow your package on our Track Your Order page or, if you have an account, in your order history.",
      },
      {
        question: "Will I have to pay customs duties or import taxes?",
        answer:
          "International orders may be charged customs duties, import taxes, or fees by the destination country. These charges are the customer's responsibility and are not included in our prices or shipping costs. Your local customs office can tell you what to expect.",
      },
      {
        question: "My order hasn't arrived. What should I do?",
        answer:
          "First, check your tracking number for the latest update. If your package has not arrived within the estimated delivery time, write to us at {email} with your order number and we will look into it with the carrier.",
      },
    ],
  },
  {
    group: "Returns & Refunds",
    items: [
      {
        question: "What is your return policy?",
        answer:
          "You may return items within 30 days of receiving your order. Items must be unused and in their original packaging, and a proof of purchase, such as your order number or confirmation e-mail, is required.",
      },
      {
        question: "How do I start a return?",
        answer:
          "Write to us at {email} with your order number, the items you would like to return, and the reason. We will reply with return instructions; please wait for them before sending anything back.",
      },
      {
        question: "How will I receive my refund?",
        answer:
          "Once we receive and inspect your return, we will let you know by e-mail. Approved refunds go back to your original payment method, the card or PayPal account you used. Your bank may take a few business days to show it on your statement.",
      },
      {
        question: "What if my book arrives damaged or I receive the wrong item?",
        answer:
          "We are so sorry when that happens! Please e-mail {email} as soon as possible, and within 30 days of receipt, with your order number and a photo of the problem. We will send a replacement or give you a full refund at no extra cost.",
      },
      {
        question: "Do your book sets have a guarantee?",
        answer:
          "Yes. Our sets come with a satisfaction guarantee of 30 to 90 days: 30 days for The Disciple's Set and 90 days for The Prophet's Collection. If a set is not the right fit within its guarantee period, write to us at {email} and we will work with you on a return and refund.",
      },
    ],
  },
];
