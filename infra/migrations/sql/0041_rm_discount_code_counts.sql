-- How many codes each discount's page lists (issue 12, decision 1162): the page's total without a search, read as
-- one row instead of counting 100,000 rows per request. Kept by a statement trigger on rm.discount_codes, so every
-- handler that adds or removes rows keeps it right; the projection's rebuild truncates it with the codes.
CREATE TABLE rm.discount_code_counts (
  discount_id uuid PRIMARY KEY,
  total int NOT NULL
);
INSERT INTO rm.discount_code_counts (discount_id, total)
  SELECT discount_id, count(*)::int FROM rm.discount_codes GROUP BY discount_id;

CREATE FUNCTION rm.count_discount_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rm.discount_code_counts AS c (discount_id, total)
      SELECT discount_id, count(*)::int FROM added GROUP BY discount_id
      ON CONFLICT (discount_id) DO UPDATE SET total = c.total + excluded.total;
  ELSE
    UPDATE rm.discount_code_counts c SET total = c.total - r.n
      FROM (SELECT discount_id, count(*)::int AS n FROM removed GROUP BY discount_id) r
      WHERE c.discount_id = r.discount_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER discount_codes_counted_on_insert AFTER INSERT ON rm.discount_codes
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION rm.count_discount_codes();
CREATE TRIGGER discount_codes_counted_on_delete AFTER DELETE ON rm.discount_codes
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION rm.count_discount_codes();
