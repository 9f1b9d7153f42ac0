-- One display rule for a client (domain/clientes.ts): a company is shown, and its vehicles are
-- found, by its razão social. Vehicles saved before the rule have their company's trade name in
-- `busca` instead: add the razão social, normalized as domain/text.ts normalizeSearch does
-- (lower case, no accents, single spaces). The next save of the vehicle writes the rule's text.
UPDATE veiculos v
SET busca = trim(v.busca || ' ' || regexp_replace(lower(translate(c.razaosocial,
      'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
      'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '\s+', ' ', 'g'))
FROM clientes c
WHERE c.id = v.idcliente
  AND c.cadastro = 'JURIDICA'
  AND c.razaosocial <> ''
  AND c.name <> ''
  AND position(regexp_replace(lower(translate(c.razaosocial,
      'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ',
      'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '\s+', ' ', 'g') IN v.busca) = 0;
