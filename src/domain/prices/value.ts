// What a balance is worth: an integer balance in the token's smallest unit, its decimals and a decimal USD price,
// multiplied exactly in bigint and written as a decimal with at most 18 fraction digits (truncated, trailing zeros trimmed).
const FRACTION = 18;

/** USD × 10^18 as the decimal text every USD figure is written in. */
const usdText = (scaled: bigint): string => {
  const text = scaled.toString().padStart(FRACTION + 1, '0');
  const int = text.slice(0, -FRACTION);
  const dec = text.slice(-FRACTION).replace(/0+$/, '');
  return dec ? `${int}.${dec}` : int;
};

export const usdValue = (balance: string, decimals: number, priceUsd: string): string => {
  const [whole, frac = ''] = priceUsd.split('.');
  const price = BigInt(whole + frac);
  const scale = frac.length + decimals;
  const raw = BigInt(balance) * price; // USD × 10^scale
  return usdText(scale >= FRACTION ? raw / 10n ** BigInt(scale - FRACTION) : raw * 10n ** BigInt(FRACTION - scale));
};

/** The exact sum of decimal USD values as usdValue writes them (at most 18 fraction digits). */
export const sumUsd = (values: string[]): string =>
  usdText(
    values.reduce((acc, v) => {
      const [whole, frac = ''] = v.split('.');
      return acc + BigInt(whole + frac.padEnd(FRACTION, '0'));
    }, 0n),
  );
