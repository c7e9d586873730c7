import { loadDetailsAnswer, type DetailsAnswer } from "./details-answer.ts";

/** What a searched list's use case is asked for: the typed search ("" for none) and the page asked for. */
export interface ListQuery {
  search: string;
  page: string | null;
}

/**
 * A searched back-office list as its loader reads it: the page of rows (`?search=`, `?page=`)
 * and, with `?details=<id>`, that row's details for the dialog, loaded side by side. The list is
 * loaded either way: a page visited with `?details=` in its address must still show its table.
 */
export async function loadSearchedListPage<Rows, Details>(
  request: Request,
  listRows: (query: ListQuery) => Promise<Rows>,
  loadDetails: (id: string) => Promise<Details>,
): Promise<{ search: string; rows: Rows; details: DetailsAnswer<Details> | null }> {
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const detailsId = params.get("details");
  const [rows, details] = await Promise.all([
    listRows({ search, page: params.get("page") }),
    detailsId === null ? null : loadDetailsAnswer(detailsId, loadDetails),
  ]);
  return { search, rows, details };
}
