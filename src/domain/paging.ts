// Numbered (1-based) paging shared by services that page by number.
export type PageRequest = { page?: number | null; pageSize?: number | null };
export type NumberedPage = { page: number; pageSize: number; more: boolean };

export const resolvePage = (req: PageRequest | null | undefined, defaultSize: number, maxSize: number) => {
  const page = req?.page && Number.isSafeInteger(req.page) && req.page > 0 ? req.page : 1;
  const requested = req?.pageSize && Number.isSafeInteger(req.pageSize) && req.pageSize > 0 ? req.pageSize : defaultSize;
  const pageSize = Math.min(requested, maxSize);
  return { page, pageSize, offset: (page - 1) * pageSize };
};

/** Fetch one row more than the page to learn whether another page exists. */
export const pageOf = <T>(rows: T[], page: { page: number; pageSize: number }): { items: T[]; page: NumberedPage } => ({
  items: rows.slice(0, page.pageSize),
  page: { page: page.page, pageSize: page.pageSize, more: rows.length > page.pageSize },
});
