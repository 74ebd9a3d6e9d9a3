// Exact decimal-string <-> scaled-integer conversion shared by money (3 decimals) and VAT
// rates (2 decimals). BigInt all the way: binary floating point cannot hold 0.1 exactly.

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** Parses "12.5" with scale 3 into 12500n. Extra decimals are accepted only when they are zeros. */
export function parseScaled(input: string | number, scale: number, what: string): bigint {
  if (typeof input === 'number' && !Number.isFinite(input)) {
    throw new RangeError(`${what} must be a finite number, got ${input}`);
  }
  const text = typeof input === 'number' ? String(input) : input;
  const match = DECIMAL.exec(text);
  if (!match)
    throw new RangeError(`${what} must be a decimal number, got ${JSON.stringify(input)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(scale))) {
    throw new RangeError(`${what} has more than ${scale} decimals: ${text}`);
  }
  const scaled = BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
  return sign === '-' ? -scaled : scaled;
}

/** 12500n with scale 3 -> "12.500"; keeps all `scale` digits. */
export function formatScaled(value: bigint, scale: number): string {
  const digits = (value < 0n ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${value < 0n ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** n / d rounded half away from zero ("commercial" rounding, symmetric for refunds). d > 0. */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('divisor must be positive');
  const q = n / d; // truncates toward zero
  const r = n % d;
  const twiceRemainder = (r < 0n ? -r : r) * 2n;
  if (twiceRemainder >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

export function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what} is out of the safe integer range: ${value}`);
  }
  return Number(value);
}

export function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what} must be a safe integer, got ${value}`);
  }
}
