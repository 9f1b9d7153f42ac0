-- Recebidas sums what was received (DESIGN 10, "Receiving by hand"): a received charge (status 1)
-- counts its valor_pago in the per-day rollups (migration 0007, one row per session since 0010),
-- or its valor when none was recorded (payments before this release, a gateway payment without
-- an amount). Other statuses count valor as before. The rollups are rebuilt from the charges.
CREATE OR REPLACE FUNCTION cobrancas_resumo() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT duedate, status, payment_date, 1 AS n,
          CASE WHEN status = 1 THEN coalesce(valor_pago, valor) ELSE valor END AS valor FROM novas'
    WHEN 'DELETE' THEN 'SELECT duedate, status, payment_date, -1 AS n,
          -CASE WHEN status = 1 THEN coalesce(valor_pago, valor) ELSE valor END AS valor FROM antigas'
    ELSE 'SELECT duedate, status, payment_date, 1 AS n,
          CASE WHEN status = 1 THEN coalesce(valor_pago, valor) ELSE valor END AS valor FROM novas
          UNION ALL SELECT duedate, status, payment_date, -1,
          -CASE WHEN status = 1 THEN coalesce(valor_pago, valor) ELSE valor END FROM antigas'
  END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM cobrancas_resumo_dia;
    DELETE FROM cobrancas_recebidas_dia;
    RETURN NULL;
  END IF;
  EXECUTE format($sql$
    WITH d AS (%s),
    resumo AS (
      INSERT INTO cobrancas_resumo_dia AS t (duedate, status, sessao, qnt, valor)
      SELECT duedate, status, pg_backend_pid(), sum(n), sum(valor) FROM d
      GROUP BY duedate, status HAVING sum(n) <> 0 OR sum(valor) <> 0 ORDER BY duedate, status
      ON CONFLICT (duedate, status, sessao) DO UPDATE SET qnt = t.qnt + excluded.qnt, valor = t.valor + excluded.valor
    )
    INSERT INTO cobrancas_recebidas_dia AS t (dia, sessao, qnt, valor)
    SELECT coalesce(payment_date, duedate), pg_backend_pid(), sum(n), sum(valor) FROM d WHERE status = 1
    GROUP BY 1 HAVING sum(n) <> 0 OR sum(valor) <> 0 ORDER BY 1
    ON CONFLICT (dia, sessao) DO UPDATE SET qnt = t.qnt + excluded.qnt, valor = t.valor + excluded.valor
  $sql$, delta);
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM cobrancas_resumo_dia;
--> statement-breakpoint
DELETE FROM cobrancas_recebidas_dia;
--> statement-breakpoint
INSERT INTO cobrancas_resumo_dia (duedate, status, sessao, qnt, valor)
SELECT duedate, status, 0, count(*), sum(CASE WHEN status = 1 THEN coalesce(valor_pago, valor) ELSE valor END)
FROM cobrancas GROUP BY duedate, status;
--> statement-breakpoint
INSERT INTO cobrancas_recebidas_dia (dia, sessao, qnt, valor)
SELECT coalesce(payment_date, duedate), 0, count(*), sum(coalesce(valor_pago, valor)) FROM cobrancas WHERE status = 1 GROUP BY 1;
