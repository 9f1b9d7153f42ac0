-- Search ignores the punctuation of documents, phones and plates (domain/text.ts normalizeSearch):
-- a word of `busca` that holds a digit and only letters, digits and `. - / ( )` loses those marks,
-- and a phone's area code in parentheses is joined to its number. The rows stored before the rule
-- get the same text here; every later write stores it from normalizeSearch.
CREATE FUNCTION rastreio_compact_busca(b text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(
           CASE WHEN tok ~ '[0-9]' AND tok ~ '^[a-z0-9./()-]+$' THEN regexp_replace(tok, '[./()-]', '', 'g') ELSE tok END,
           ' ' ORDER BY n), '')
  FROM regexp_split_to_table(regexp_replace(b, '\(([0-9]{2})\)\s*([0-9])', '\1\2', 'g'), ' ') WITH ORDINALITY AS t(tok, n)
$$;
--> statement-breakpoint
UPDATE users SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
UPDATE clientes SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
UPDATE veiculos SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
UPDATE trackres SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
UPDATE chips SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
UPDATE planos SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
UPDATE contratos SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
UPDATE assinaturas SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
UPDATE cobrancas SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
UPDATE ordensservicos SET busca = rastreio_compact_busca(busca) WHERE busca ~ '[0-9][./()-]|[./()-][0-9]';
--> statement-breakpoint
DROP FUNCTION rastreio_compact_busca(text);
