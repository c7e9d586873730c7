import type { OrderStatus } from "#server/db/schema.ts";

/** The sample orders of the specification, with their tracking history, oldest step first. */
export interface SeedOrder {
  id: string;
  orderDate: string;
  customerEmail: string;
  status: OrderStatus;
  estimatedDelivery: string | null;
  /** Book titles from the seed catalogue, with quantities; prices come from the catalogue. */
  items: { title: string; quantity: number }[];
  history: { status: string; at: string; location: string }[];
}

export const SEED_ORDERS: SeedOrder[] = [
  {
    id: "ORD-2025-001",
    orderDate: "2025-06-02T09:15:00.000Z",
    customerEmail: "sarah.miller@example.com",
    status: "Shipped",
    estimatedDelivery: "2025-06-12",
    items: [
      { title: "Noah's Ark and the Promise of the Rainbow", quantity: 1 },
      { title: "David and Goliath: The Shepherd Boy's Courage", quantity: 2 },
    ],
    history: [
      { status: "Order Placed", at: "2025-06-02T09:15:00.000Z", location: "Online" },
      { status: "Packed", at: "2025-06-03T14:00:00.000Z", location: "Warehouse, Jerusalem" },
      { status: "Shipped", at: "2025-06-04T08:30:00.000Z", location: "Tel Aviv Distribution Center" },
      { status: "In Transit", at: "2025-06-06T17:45:00.000Z", location: "New York, NY" },
    ],
  },
  {
    id: "ORD-2025-002",
    orderDate: "2025-06-10T16:40:00.000Z",
    customerEmail: "james.okafor@example.com",
    status: "Processing",
    estimatedDelivery: "2025-06-24",
    items: [{ title: "The Birth of Jesus: A Savior in a Manger", quantity: 3 }],
    history: [
      { status: "Order Placed", at: "2025-06-10T16:40:00.000Z", location: "Online" },
      { status: "Processing", at: "2025-06-11T10:05:00.000Z", location: "Warehouse, Jerusalem" },
    ],
  },
  {
    id: "ORD-2025-003",
    orderDate: "2025-05-18T11:20:00.000Z",
    customerEmail: "sarah.miller@example.com",
    status: "Delivered",
    estimatedDelivery: "2025-05-30",
    items: [
      { title: "In the Beginning: The Story of Creation", quantity: 1 },
      { title: "Jonah and the Great Fish", quantity: 1 },
    ],
    history: [
      { status: "Order Placed", at: "2025-05-18T11:20:00.000Z", location: "Online" },
      { status: "Packed", at: "2025-05-19T09:00:00.000Z", location: "Warehouse, Jerusalem" },
      { status: "Shipped", at: "2025-05-20T13:30:00.000Z", location: "Tel Aviv Distribution Center" },
      { status: "In Transit", at: "2025-05-24T07:10:00.000Z", location: "Chicago, IL" },
      { status: "Delivered", at: "2025-05-28T15:25:00.000Z", location: "Springfield, IL" },
    ],
  },
];
