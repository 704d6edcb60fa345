-- The first codes of a store holding a short gram, in the codes index's order (decision 0990): page 1 of a search
-- of 1 to 3 characters whose matches are too many to sort cheaply and too sparse to walk to ('123' in a million
-- numbered codes: 4,000 matches, the first 50 spread over 12,000 codes) is read from here. Written by the
-- code-sync reactor with the grams: the full sync lists the grams held by at least half the frequent threshold's
-- codes; an incremental merge keeps each list exact up to its bound.
CREATE TABLE rm.synced_code_gram_pages (
  store_id int NOT NULL,
  gram text COLLATE "C" NOT NULL,
  -- Codes holding the gram, in order, each with its discount: every code of the store that holds the gram and
  -- sorts at or before `complete_to` is here (all of them when `complete_to` is null).
  codes text[] COLLATE "C" NOT NULL,
  discount_ids text[] NOT NULL,
  complete_to text COLLATE "C",
  PRIMARY KEY (store_id, gram)
);
