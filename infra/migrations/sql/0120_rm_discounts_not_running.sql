-- The dashboard counts the discounts running now (issue 25): the total (rm.discount_totals) less those ended,
-- expired or not started yet. This index holds only discounts with a date or an end, so the count reads those
-- rows alone, however many undated ones there are.
CREATE INDEX discounts_dated_idx ON rm.discounts (brand_id) INCLUDE (starts_at, ends_at, ended_at)
  WHERE ended_at IS NOT NULL OR ends_at IS NOT NULL OR starts_at IS NOT NULL;
