import { preload } from "react-dom";
import { coverSources } from "#app/lib/book-cover.ts";

interface FanBook {
  title: string;
  imageUrl: string | null;
}

// `sizes` repeats the covers' CSS widths (w-21, w-33, sm:w-39) for srcset.
const SIZES = {
  small: { box: "h-32 w-48", cover: "h-28 w-21", width: 84, height: 112, sizes: "84px" },
  large: {
    box: "h-52 w-80 sm:h-60 sm:w-96",
    cover: "h-44 w-33 sm:h-52 sm:w-39",
    width: 156,
    height: 208,
    sizes: "(min-width: 640px) 156px, 132px",
  },
};

/**
 * Up to three covers fanned out, composed in CSS from the catalogue's own covers. The box has a
 * fixed size, so nothing moves when the images arrive. One image for assistive technology, named
 * after the books it shows. `priority` marks the front cover (the middle one of three) as the
 * page's main image and loads them all at once; otherwise they load when scrolled near.
 *
 * `shownFrom`: the media query from which the fan is shown at all (the home page's hero hides it
 * on phones). Below it no cover is fetched (the images are lazy, and a hidden lazy image is never
 * loaded); from it the front cover is preloaded at high priority from the document's head, so
 * being lazy costs it no time where it shows.
 */
export function CoverFan({
  books,
  size,
  priority = false,
  shownFrom,
}: {
  books: FanBook[];
  size: keyof typeof SIZES;
  priority?: boolean;
  shownFrom?: string;
}) {
  const shown = books.slice(0, 3);
  if (shown.length === 0) return null;
  const sizes = SIZES[size];
  const front = shown.length === 3 ? 1 : 0;
  const eager = priority && !shownFrom;
  if (priority && shownFrom) {
    const { src, srcSet, sizes: imageSizes } = coverSources(shown[front]!.imageUrl, sizes.sizes);
    preload(src, { as: "image", imageSrcSet: srcSet, imageSizes, fetchPriority: "high", media: shownFrom });
  }
  const tilt =
    shown.length === 1
      ? [""]
      : shown.length === 2
        ? ["-rotate-6 -translate-x-1/4", "rotate-6 translate-x-1/4"]
        : ["-rotate-8 -translate-x-1/2", "z-10", "rotate-8 translate-x-1/2"];
  return (
    <div
      role="img"
      aria-label={`Covers of ${listTitles(shown.map((b) => b.title))}`}
      className={`relative mx-auto flex-none ${sizes.box}`}
    >
      {shown.map((book, index) => (
        <img
          key={book.title}
          {...coverSources(book.imageUrl, sizes.sizes)}
          alt=""
          width={sizes.width}
          height={sizes.height}
          decoding="async"
          loading={eager ? undefined : "lazy"}
          fetchPriority={priority && index === front ? "high" : undefined}
          className={`absolute inset-x-0 bottom-0 mx-auto rounded-md object-cover shadow-lg ring-1 ring-black/10 ${sizes.cover} ${tilt[index] ?? ""}`}
        />
      ))}
    </div>
  );
}

/** "A", "A and B", "A, B and C". */
function listTitles(titles: string[]): string {
  if (titles.length <= 1) return titles.join("");
  return `${titles.slice(0, -1).join(", ")} and ${titles.at(-1)}`;
}
