import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AddToCartButton, stockLabel } from "./add-to-cart-button.tsx";

describe("stock on the Add to Collection button", () => {
  it("says Sold out at 0, Only N left from 1 to 5, nothing above or for an untracked stock", () => {
    expect([0, 1, 5, 6, 30, null].map(stockLabel)).toEqual([
      "Sold out",
      "Only 1 left",
      "Only 5 left",
      null,
      null,
      null,
    ]);
  });

  it("renders a disabled button that says Sold out in words, and the count when few are left", () => {
    const render = (stock: number | null) =>
      renderToStaticMarkup(
        <AddToCartButton item={{ id: "b1", name: "Noah's Ark", priceCents: 1599, stock, image: null }} />,
      );
    const soldOut = render(0);
    expect(soldOut).toMatch(/<button type="button" disabled=""[^>]*>Sold out<span class="sr-only">: Noah&#x27;s Ark/);
    expect(soldOut).not.toContain("Add to Collection");
    const few = render(3);
    expect(few).toContain("Only 3 left");
    expect(few).toContain("Add to Collection");
    expect(few).not.toContain(`disabled=""`);
    expect(render(null)).not.toContain("Only");
  });
});
