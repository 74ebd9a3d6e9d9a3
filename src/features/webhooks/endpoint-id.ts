/** The contract's IdPath bound (a 32-bit integer). */
const MAX_ID = 2147483647;

/** The endpoint id of a route (`/admin/webhooks/:id`) the server could hold, else null. */
export function endpointIdOf(param: string | undefined): number | null {
  if (param === undefined || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= MAX_ID ? id : null;
}
