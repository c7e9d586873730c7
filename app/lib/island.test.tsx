import { useId } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { defineIsland, IslandPageProvider, IslandRendererProvider, type IslandRenderer } from "./island.tsx";

function Labelled({ label }: { label: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} />
    </>
  );
}
const LabelledIsland = defineIsland("labelled", Labelled);

function renderer(): IslandRenderer {
  let count = 0;
  return {
    nonce: "n",
    render(node) {
      count += 1;
      const identifierPrefix = `i${count}-`;
      return { html: renderToString(node, { identifierPrefix }), identifierPrefix };
    },
  };
}

describe("islands", () => {
  it("on an island page, renders each island as a root of its own, with its name, props and id prefix", () => {
    const html = renderToStaticMarkup(
      <IslandRendererProvider value={renderer()}>
        <IslandPageProvider value={true}>
          <LabelledIsland label="First" />
          <LabelledIsland label={'Second "quoted" <b>'} />
        </IslandPageProvider>
      </IslandRendererProvider>,
    );
    const islands = [
      ...html.matchAll(/<div data-island="labelled" data-island-prefix="([^"]+)" data-island-props="([^"]+)"/g),
    ];
    expect(islands.map((match) => match[1])).toEqual(["i1-", "i2-"]);
    const unescape = (text: string) =>
      text.replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
    const props = islands.map((match) => JSON.parse(unescape(match[2]!)));
    expect(props).toEqual([{ label: "First" }, { label: 'Second "quoted" <b>' }]);
    // The browser hydrates each with the same component, props and prefix: the same markup and ids.
    expect(html).toContain(renderToString(<Labelled label="First" />, { identifierPrefix: "i1-" }));
    expect(html).toContain('style="display:contents"');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(2);
  });

  it("elsewhere (a page React Router hydrates, or the browser), renders the component in place", () => {
    for (const tree of [
      <LabelledIsland key="browser" label="Here" />,
      <IslandRendererProvider key="server" value={renderer()}>
        <IslandPageProvider value={false}>
          <LabelledIsland label="Here" />
        </IslandPageProvider>
      </IslandRendererProvider>,
    ]) {
      const html = renderToStaticMarkup(tree);
      expect(html).not.toContain("data-island");
      expect(html).toMatch(/^<label for="[^"]+">Here<\/label><input id="[^"]+"\/>$/);
    }
  });
});
