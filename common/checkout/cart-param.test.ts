import { describe, expect, it } from "vitest";
import { cartParam, parseCartParam } from "./cart-param.ts";

describe("cart in the checkout address", () => {
  it("reads the cart of the page's address leniently and within bounds", () => {
    expect(parseCartParam("a:2:1499,pkg-x:1,bad line:1,b:0,c:x,a:1,d:500")).toEqual({
      lines: [
        { id: "a", quantity: 3, cartPriceCents: 1499 },
        { id: "pkg-x", quantity: 1 },
        { id: "d", quantity: 99 },
      ],
      dropped: 3,
    });
    const many = Array.from({ length: 60 }, (_, i) => `b${i}:1`).join(",");
    expect(parseCartParam(many)).toMatchObject({ dropped: 10 });
    expect(parseCartParam(many).lines).toHaveLength(50);
    expect(parseCartParam(cartParam([{ id: "a", quantity: 120, cartPriceCents: 5 }])).lines).toEqual([
      { id: "a", quantity: 99, cartPriceCents: 5 },
    ]);
  });
});
