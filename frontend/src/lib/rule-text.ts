/** A multi-discount rule as the wizard, the detail panel and the log all record it. */
export type RuleWords = {
  kind: 'percentage' | 'fixed';
  amount: string | number;
  target: { type: 'product' | 'collection'; name: string };
};

/**
 * A rule in words ('10% off the collection Jackets'): the wizard's review, the detail panel, History and Audit
 * all describe a rule with this one function, so staff read one sentence for one rule.
 */
export const ruleText = (r: RuleWords): string =>
  `${r.kind === 'percentage' ? `${r.amount}%` : `${r.amount}`} off the ${r.target.type} ${r.target.name}`;
