-- Money filter values travel as decimal strings (issue 16): saved filters stored with JSON numbers for a money
-- column (the requested amount) get the same amount as a two-decimal string.
UPDATE "search_filters" AS s
SET "filter" = jsonb_set(
  s."filter"::jsonb,
  '{filter,filters}',
  (
    SELECT coalesce(
      jsonb_agg(
        CASE
          WHEN e.item->>'field' = 'requestedAmount' AND jsonb_typeof(e.item->'value') = 'number'
            THEN jsonb_set(e.item, '{value}', to_jsonb(round((e.item->>'value')::numeric, 2)::text))
          ELSE e.item
        END
        ORDER BY e.ord
      ),
      '[]'::jsonb
    )
    FROM jsonb_array_elements(s."filter"::jsonb #> '{filter,filters}') WITH ORDINALITY AS e(item, ord)
  )
)::text
WHERE jsonb_typeof(s."filter"::jsonb #> '{filter,filters}') = 'array';
