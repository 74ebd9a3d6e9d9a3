/**
 * docs/product.md §7/§9: the list screens ask for up to 1000 items, then search and group on the client.
 * The dashboard, the products, orders and customers screens use these same parameters, so a
 * list they share (orders, products) is one cache entry.
 */
export const LIST_PARAMS = { skip: 0, limit: 1000 } as const;
