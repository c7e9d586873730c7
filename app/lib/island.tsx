import { createContext, useContext, useEffect, type ComponentType, type ReactNode } from "react";

/**
 * Islands (decision 21): a catalogue page is rendered by React Router on the server but not
 * hydrated as a whole; only its interactive parts (the cart, Add to Collection, the newsletter
 * form, …) are, each as its own small React root, by `islands-client.tsx`.
 *
 * An island is a component whose props are plain JSON and that reads no React Router hook and no
 * React context of the page (the cart and the toasts are stores outside React for that reason).
 * On an island page the server renders it as a root of its own (`renderToString` with an
 * identifier prefix, so no two islands' `useId`s collide), inside a `display: contents` element
 * that carries its name, props and prefix; the browser hydrates that element with the same
 * component and props (on Preact, which keeps the attributes React rendered, ids included).
 * Anywhere else (pages React Router hydrates) the same component is rendered in place, as an
 * ordinary part of the page.
 */

/** What the server's renderer offers an island page: set in entry.server.tsx, absent in the browser. */
export interface IslandRenderer {
  /** Renders an island as a root of its own: the HTML and the `useId` prefix it was rendered with. */
  render(node: ReactNode): { html: string; identifierPrefix: string };
  /** This response's Content-Security-Policy nonce, for the inline script that loads the islands. */
  nonce: string | undefined;
}

const IslandRendererContext = createContext<IslandRenderer | null>(null);
/** Provided by entry.server.tsx. */
export const IslandRendererProvider = IslandRendererContext.Provider;
const IslandPageContext = createContext(false);
/** Provided by the root layout: true on the pages whose route handle says `islands: true`. */
export const IslandPageProvider = IslandPageContext.Provider;

/** The renderer, when the page being rendered on the server is an island page; else null. */
export function useIslandRenderer(): IslandRenderer | null {
  const renderer = useContext(IslandRendererContext);
  return useContext(IslandPageContext) ? renderer : null;
}

/**
 * An island page's `clientLoader`: React Router in the browser (on a page it hydrated, such as the
 * checkout) never draws an island page itself; following a link to one loads the document, as
 * the server renders it. (The server relies on this: a data request for an island page's address
 * does not use up a flashed toast, see server/http/session-middleware.ts.)
 */
export function islandPageClientLoader({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

/**
 * The root of every island, on the server and in the browser alike (so both render the same
 * tree): in the browser it reports when its island has hydrated.
 */
export function IslandRoot({ children, onHydrated }: { children: ReactNode; onHydrated?: () => void }) {
  useEffect(() => {
    // A task later: after the effects of the whole island (Preact runs a parent's before its children's).
    if (!onHydrated) return;
    const timer = setTimeout(onHydrated);
    return () => clearTimeout(timer);
  }, [onHydrated]);
  return children;
}

export interface IslandDefinition<P extends object> {
  name: string;
  Component: ComponentType<P>;
}

/**
 * Makes `Component` an island named `name` (unique; listed in islands-client.tsx). Returns the
 * component to render in pages, and the definition the browser's entry hydrates with.
 */
export function defineIsland<P extends object>(
  name: string,
  Component: ComponentType<P>,
): ComponentType<P> & { island: IslandDefinition<P> } {
  function Island(props: P) {
    // Only context is read here, no other hook: the nested render below resets the renderer's
    // hook state, which a hook of this component would still be using.
    const renderer = useIslandRenderer();
    if (!renderer) return <Component {...props} />;
    const { html, identifierPrefix } = renderer.render(
      <IslandRoot>
        <Component {...props} />
      </IslandRoot>,
    );
    return (
      <div
        data-island={name}
        data-island-prefix={identifierPrefix}
        data-island-props={JSON.stringify(props)}
        style={{ display: "contents" }}
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  Island.displayName = `Island(${name})`;
  return Object.assign(Island, { island: { name, Component } });
}
