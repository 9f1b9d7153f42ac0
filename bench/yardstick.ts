/**
 * The yardstick: what PostgREST would do for the same page, one SQL statement per request
 * (a CTE over the filter, json_agg of the page and count(*) of the whole), through `pg`.
 * GET /users?status=0 or ?pesquisa=silva returns { total, items } like our list does.
 */
import http from 'node:http';
import pg from 'pg';
import { normalizeSearch } from '../domain/text';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const PAGE_SQL = `
WITH filtered AS (
  SELECT id, name, cpf, email, phone, mobile_phone, login, acesso, bloqueado, created_at
  FROM users
  WHERE ($1::int IS NULL OR bloqueado = ($1::int = 1))
    AND ($2::text IS NULL OR busca LIKE $2)
)
SELECT (SELECT count(*) FROM filtered) AS total,
       coalesce((SELECT json_agg(p) FROM (SELECT * FROM filtered ORDER BY id DESC LIMIT $3 OFFSET $4) p), '[]') AS items`;

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return response.end('ok');
  const status = url.searchParams.get('status');
  const pesquisa = normalizeSearch(url.searchParams.get('pesquisa'));
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
  const page = Number(url.searchParams.get('page') ?? 1);
  try {
    const { rows } = await pool.query(PAGE_SQL, [status === null ? null : Number(status), pesquisa ? `%${pesquisa}%` : null, pageSize, (page - 1) * pageSize]);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ total: Number(rows[0].total), items: rows[0].items }));
  } catch (error) {
    response.statusCode = 500;
    response.end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
