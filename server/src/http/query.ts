/**
 * The query with the named parameters present. Each has a default in the contract, which the
 * contract validator applied before the handler ran, so defaults such as paging sizes are
 * declared in the contract only.
 */
export function withDefaults<Q extends object, K extends keyof Q>(
  query: Q,
  ...names: K[]
): Q & { [P in K]-?: Exclude<Q[P], undefined> } {
  for (const name of names) {
    if (query[name] === undefined) {
      throw new Error(`Query parameter ${String(name)} has no default in the contract`);
    }
  }
  return query as Q & { [P in K]-?: Exclude<Q[P], undefined> };
}
