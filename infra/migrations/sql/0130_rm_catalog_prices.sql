-- Prices and currencies from the catalog import (issue 24, decision 1381). Each variant's price stays in
-- rm.catalog_products.variants (jsonb, as imported); the product and its store keep the shop's currency.
ALTER TABLE rm.catalog_products ADD COLUMN currency_code text;
ALTER TABLE rm.catalog_stores ADD COLUMN currency_code text;

-- The symbol a person reads beside an amount; an unlisted currency shows its ISO code. Null stays null.
CREATE FUNCTION rm.currency_symbol(code text) RETURNS text IMMUTABLE LANGUAGE sql AS $$
  SELECT CASE upper(code)
    WHEN 'GBP' THEN '£' WHEN 'EUR' THEN '€' WHEN 'USD' THEN '$' WHEN 'JPY' THEN '¥' WHEN 'CNY' THEN 'CN¥'
    WHEN 'INR' THEN '₹' WHEN 'KRW' THEN '₩' WHEN 'CAD' THEN 'CA$' WHEN 'AUD' THEN 'A$' WHEN 'NZD' THEN 'NZ$'
    WHEN 'HKD' THEN 'HK$' WHEN 'MXN' THEN 'MX$' WHEN 'BRL' THEN 'R$' WHEN 'ILS' THEN '₪' WHEN 'VND' THEN '₫'
    ELSE upper(code) END
$$;
