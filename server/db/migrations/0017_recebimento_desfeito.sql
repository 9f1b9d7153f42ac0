ALTER TABLE "cobrancas" ADD COLUMN "recebimento_desfeito_em" timestamp with time zone;
--> statement-breakpoint
-- Installs made before the payment page (issue 21) keep the old default alerts, which end in
-- {{invoiceUrl}}: empty with the gateway off, so the client got "Pague pelo link: " and nothing to pay
-- with. An alert still equal to its old default, word for word, becomes the new default (the payment
-- page's link, PIX and boleto on lines of their own); an alert the company edited is left as it is.
UPDATE company_settings SET integrations = jsonb_set(integrations, '{alertas,novacobranca}', to_jsonb(E'Olá, {{name}}! Sua cobrança {{codigo}} de {{valor}} ({{description}}) foi gerada em {{dateCreated}} e vence em {{dueDate}}.\nPague pelo link: {{linkPagamento}}\nPIX copia e cola: {{pixCopiaECola}}\nLinha digitável do boleto: {{linhaDigitavel}}'::text))
  WHERE integrations #>> '{alertas,novacobranca}' = E'Olá, {{name}}! Sua cobrança {{codigo}} de {{valor}} ({{description}}) foi gerada em {{dateCreated}} e vence em {{dueDate}}. Pague pelo link: {{invoiceUrl}}';
--> statement-breakpoint
UPDATE company_settings SET integrations = jsonb_set(integrations, '{alertas,vencehoje}', to_jsonb(E'Olá, {{name}}! Sua cobrança {{codigo}} de {{valor}} vence hoje ({{dueDate}}).\nPague pelo link: {{linkPagamento}}\nPIX copia e cola: {{pixCopiaECola}}'::text))
  WHERE integrations #>> '{alertas,vencehoje}' = E'Olá, {{name}}! Sua cobrança {{codigo}} de {{valor}} vence hoje ({{dueDate}}). Link para pagamento: {{invoiceUrl}}';
--> statement-breakpoint
UPDATE company_settings SET integrations = jsonb_set(integrations, '{alertas,vencida}', to_jsonb(E'Olá, {{name}}! Não identificamos o pagamento da cobrança {{codigo}} de {{valor}}, vencida em {{dueDate}}.\nRegularize pelo link: {{linkPagamento}}'::text))
  WHERE integrations #>> '{alertas,vencida}' = E'Olá, {{name}}! Não identificamos o pagamento da cobrança {{codigo}} de {{valor}}, vencida em {{dueDate}}. Regularize pelo link: {{invoiceUrl}}';
