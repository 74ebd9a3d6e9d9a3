// Booleans are INTEGER 0/1 on both SQLite and PostgreSQL so one code path maps them.

export function toBool(value: number | bigint | boolean): boolean {
  return value === true || value === 1 || value === 1n;
}

export function fromBool(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}
