/**
 * Spec §7/§9: the orders screens ask for up to 1000 orders, then search and group on the client.
 * The dashboard, the orders list and the customers screen use the same parameters, so they share
 * one cache entry.
 */
export const ORDER_LIST_PARAMS = { skip: 0, limit: 1000 } as const;
