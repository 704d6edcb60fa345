/** Amounts in minor units (cents), so sums and caps are exact; decimals only at the edges. */
export const toCents = (decimal: string): number => Math.round(Number(decimal) * 100);

export const toDecimal = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};
