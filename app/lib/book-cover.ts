/** The picture shown for a book (or a cart line) without a cover of its own. */
export const DEFAULT_COVER = "/default-cover.svg";
