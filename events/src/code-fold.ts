/**
 * How two discount codes are the same code (docs/decisions/1310-one-code-folding.md): Shopify matches codes
 * case-insensitively, and we fold coarser rather than finer, since a code we hold apart from one Shopify thinks
 * equal goes live in one discount only. Compatibility forms are merged (NFKC: full-width `ＳＡＬＥ` is `SALE`, the
 * ligature `ﬁ` is `fi`), then case is folded fully (`ß` is `ss`, `İ` is `i̇`, `Σ`, `σ` and `ς` are one letter).
 * The one folding of codes: the ledger's stream ids, the read models' `code_folded` columns, the synced cache
 * and every comparison of codes use it, and nothing else folds a code.
 */
const ascii = /^[ -~]*$/u;

export const foldCode = (code: string): string => {
  // Almost every code is printable ASCII, where folding is lower-casing: the synced cache folds millions of them.
  if (ascii.test(code)) return code.toLowerCase();
  // Round-tripping through upper case applies the full mappings (ß, ẞ → ss) that lower-casing alone skips; the
  // final sigma that lower-casing picks by position is folded back to σ, as Unicode's case folding does.
  return code.normalize('NFKC').toLowerCase().toUpperCase().toLowerCase().replaceAll('ς', 'σ').normalize('NFKC');
};
