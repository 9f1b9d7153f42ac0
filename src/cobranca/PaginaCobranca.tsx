/**
 * /static/cobranca/{token} (DESIGN 10): the client's payment page, public and made for a phone.
 * The company, the client's name, the charge (its updated value when overdue), and while it can
 * be paid the PIX QR code and copia-e-cola and the boleto's line, each with Copiar; once paid
 * "Pago em dd/mm/aaaa" and no way to pay; a cancelled charge says so. Collecting without chasing
 * (DESIGN 11): the early-payment discount ("Pague R$ X até dd/mm"); Pix Automático waiting, "Ative o
 * débito automático" with its QR code and copia-e-cola; active, "Será debitado automaticamente em
 * dd/mm" and no way to pay; a subscription on card, "Pagar com cartão" (Asaas's page). Imprimir prints the page
 * without its buttons. A wrong or old token shows a clear page with no data.
 */
import * as React from 'react';
import { cobrancaPagavel } from '../../domain/cobranca';
import { COBRANCA_STATUS } from '../../domain/constants';
import { LINHA_TIPO_LABELS, periodoDaLinha, type LinhaTipo } from '../../domain/contratoItens';
import { formatCpfCnpj, formatDate, formatMoney } from '../../domain/formatters';
import { COBRANCA_TOKEN } from '../../domain/pagamento';
import { copyToClipboard } from '../components/clipboard';
import type { CobrancaPublica } from './types';
import { pagoEmTexto, t, type Texto } from './textos';

type Estado = { kind: 'carregando' } | { kind: 'invalido' } | { kind: 'indisponivel' } | { kind: 'pronto'; data: CobrancaPublica };

async function carregar(token: string): Promise<Estado> {
  if (!COBRANCA_TOKEN.test(token)) return { kind: 'invalido' };
  try {
    const response = await fetch(`/v1/static/cobranca/${encodeURIComponent(token)}`, {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404 || response.status === 400) return { kind: 'invalido' };
    if (!response.ok) return { kind: 'indisponivel' };
    return { kind: 'pronto', data: (await response.json()) as CobrancaPublica };
  } catch {
    return { kind: 'indisponivel' };
  }
}

/** A code to copy: the text (selectable) and Copiar, which says "Copiado!" where a screen reader hears it. */
function Copiar({ id, label, value, botao, mono = false }: { id: string; label: Texto; value: string; botao: Texto; mono?: boolean }) {
  const [estado, setEstado] = React.useState<'' | 'copiado' | 'falhou'>('');
  return (
    <div>
      <label htmlFor={id}>{t(label)}</label>
      <textarea
        id={id}
        className={mono ? 'mono' : undefined}
        readOnly
        rows={mono ? 2 : 4}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="acoes sem-impressao">
        <button type="button" onClick={async () => setEstado((await copyToClipboard(value)) ? 'copiado' : 'falhou')}>
          {t(botao)}
        </button>
        <span role="status" className={estado === 'falhou' ? 'status erro' : 'status'}>
          {estado === 'copiado' ? t('copiado') : estado === 'falhou' ? t('copiar_falhou') : ''}
        </span>
      </div>
    </div>
  );
}

function Linha({ label, value, total = false }: { label: string; value: React.ReactNode; total?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={total ? 'total' : undefined}>{value}</dd>
    </div>
  );
}

/** A contract charge's lines (DESIGN 11): each vehicle's plate, kind, period and days, and its value. */
function Itens({ itens }: { itens: CobrancaPublica['cobranca']['itens'] }) {
  if (!itens?.length) return null;
  return (
    <section aria-labelledby="itens-titulo" className="itens">
      <h2 id="itens-titulo">{t('itens')}</h2>
      <ul>
        {itens.map((linha, i) => {
          const periodo = periodoDaLinha(linha);
          const dias = linha.dias ? t(Math.abs(linha.dias) === 1 ? 'item_dia' : 'item_dias', { dias: Math.abs(linha.dias) }) : '';
          return (
            <li key={i}>
              <div>
                <strong>{[linha.placa, LINHA_TIPO_LABELS[linha.tipo as LinhaTipo] ?? linha.tipo].filter(Boolean).join(' · ')}</strong>
                {linha.descricao ? <span className="detalhe">{linha.descricao}</span> : null}
                {periodo || dias ? <span className="detalhe">{[periodo, dias].filter(Boolean).join(' · ')}</span> : null}
              </div>
              <span className="valor">{formatMoney(linha.valor)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Pronta({ data }: { data: CobrancaPublica }) {
  const { cobranca, empresa, invoiceUrl } = data;
  const pago = cobranca.status === COBRANCA_STATUS.RECEBIDA;
  const cancelada = cobranca.status === COBRANCA_STATUS.CANCELADA;
  const automatico = data.pixAutomatico ?? null;
  // Debited by Pix Automático: nothing to pay here.
  const debito = automatico?.status === 'ativa' ? automatico : null;
  const autorizar = automatico?.status === 'aguardando' ? automatico : null;
  const pagavel = cobrancaPagavel(cobranca) && !debito;
  const pix = debito ? null : data.pix;
  const boleto = debito ? null : data.boleto;
  const cartao = pagavel && data.formaCobranca === 'cartao' && Boolean(invoiceUrl);
  const desconto = pagavel ? (cobranca.desconto ?? null) : null;
  const atualizado = pagavel && cobranca.valorAtualizado !== null;
  return (
    <main>
      <article className="folha">
        <header>
          <h1>{empresa.nome || t('title')}</h1>
          {empresa.cnpj || empresa.contato ? (
            <p className="sub">
              {[empresa.cnpj && t('cnpj', { cnpj: formatCpfCnpj(empresa.cnpj) }), empresa.contato].filter(Boolean).join(' · ')}
            </p>
          ) : null}
        </header>
        <p>{t('ola', { nome: data.cliente.nome })}</p>
        <dl>
          <Linha label={t('descricao')} value={cobranca.descricao || t('cobranca_n', { id: cobranca.id })} />
          <Linha label={t('vencimento')} value={formatDate(cobranca.duedate)} />
          <Linha label={t('valor')} value={formatMoney(cobranca.valor)} total={!atualizado} />
          {atualizado ? (
            <>
              <Linha label={t('multa')} value={formatMoney(cobranca.multa)} />
              <Linha label={t('juros', { dias: cobranca.dias })} value={formatMoney(cobranca.juros)} />
              <Linha label={t('valor_atualizado')} value={formatMoney(cobranca.valorAtualizado)} total />
            </>
          ) : null}
        </dl>
        <Itens itens={cobranca.itens} />
        {pago ? <p className="aviso pago">{pagoEmTexto(cobranca)}</p> : null}
        {cancelada ? <p className="aviso info">{t('cancelada')}</p> : null}
        {pagavel && cobranca.vencida ? (
          <p className="aviso alerta">{t('vencida', { valor: formatMoney(cobranca.valorAtualizado ?? cobranca.valor) })}</p>
        ) : null}
        {desconto ? (
          <p className="aviso desconto">
            {t('desconto', {
              valor: formatMoney(desconto.valorComDesconto),
              ate: formatDate(desconto.ate).slice(0, 5),
              desconto: formatMoney(desconto.valor),
            })}
          </p>
        ) : null}
        {debito ? <p className="aviso pago">{t('debito_automatico', { data: formatDate(debito.debitoEm).slice(0, 5) })}</p> : null}
        {cartao ? (
          <section aria-labelledby="cartao-titulo">
            <h2 id="cartao-titulo">{t('pagar_cartao')}</h2>
            <p>{t('pagar_cartao_texto')}</p>
            <p className="centro">
              <a className="botao" href={invoiceUrl} target="_blank" rel="noopener noreferrer">
                {t('pagar_cartao')}
              </a>
            </p>
          </section>
        ) : null}
        {pagavel && autorizar ? (
          <section aria-labelledby="pix-automatico-titulo" className="destaque">
            <h2 id="pix-automatico-titulo">{t('pix_automatico_title')}</h2>
            <p>{t('pix_automatico_texto')}</p>
            <img
              className="qr"
              src={`data:image/png;base64,${autorizar.encodedImage}`}
              alt={t('pix_automatico_qr_alt')}
              width={220}
              height={220}
            />
            <p className="validade">{t('pix_validade', { data: formatDate(autorizar.expiraEm.slice(0, 10)) })}</p>
            <Copiar id="pix-automatico" label="pix_automatico_copia_cola" value={autorizar.payload} botao="copiar_pix_automatico" />
          </section>
        ) : null}
        {pagavel && pix ? (
          <section aria-labelledby="pix-titulo">
            <h2 id="pix-titulo">{t('pix_title')}</h2>
            <img className="qr" src={`data:image/png;base64,${pix.encodedImage}`} alt={t('pix_qr_alt')} width={220} height={220} />
            {pix.expirationDate ? (
              <p className="validade">{t('pix_validade', { data: formatDate(pix.expirationDate.slice(0, 10)) })}</p>
            ) : null}
            <Copiar id="pix" label="pix_copia_cola" value={pix.payload} botao="copiar_pix" />
          </section>
        ) : null}
        {pagavel && boleto ? (
          <section aria-labelledby="boleto-titulo">
            <h2 id="boleto-titulo">{t('boleto_title')}</h2>
            <Copiar id="linha" label="linha_digitavel" value={boleto.identificationField} botao="copiar_linha" mono />
            {boleto.bankSlipUrl ? (
              <p className="links">
                <a href={boleto.bankSlipUrl} target="_blank" rel="noopener noreferrer">
                  {t('abrir_boleto')}
                </a>
              </p>
            ) : null}
          </section>
        ) : null}
        {pagavel && invoiceUrl && !cartao ? (
          <p className="links">
            <a href={invoiceUrl} target="_blank" rel="noopener noreferrer">
              {t('outras_formas')}
            </a>
          </p>
        ) : null}
        {pagavel && !pix && !boleto && !invoiceUrl ? (
          <p className="aviso info">
            {t(empresa.contato ? 'sem_pagamento_contato' : 'sem_pagamento', {
              empresa: empresa.nome || t('a_empresa'),
              contato: empresa.contato,
            })}
          </p>
        ) : null}
        <div className="centro sem-impressao">
          <button type="button" className="secundario" onClick={() => window.print()}>
            {t('imprimir')}
          </button>
        </div>
      </article>
    </main>
  );
}

export function PaginaCobranca({ token }: { token: string }) {
  const [estado, setEstado] = React.useState<Estado>({ kind: 'carregando' });
  const [tentativa, setTentativa] = React.useState(0);
  React.useEffect(() => {
    let vivo = true;
    void carregar(token).then((proximo) => vivo && setEstado(proximo));
    return () => {
      vivo = false;
    };
  }, [token, tentativa]);
  if (estado.kind === 'carregando') return <p className="carregando">{t('carregando')}</p>;
  if (estado.kind === 'pronto') return <Pronta data={estado.data} />;
  const invalido = estado.kind === 'invalido';
  return (
    <main>
      <article className="folha centro">
        <h1>{t(invalido ? 'invalid_title' : 'unavailable_title')}</h1>
        <p>{t(invalido ? 'invalid_message' : 'unavailable_message')}</p>
        {invalido ? null : (
          <button
            type="button"
            onClick={() => {
              setEstado({ kind: 'carregando' });
              setTentativa((n) => n + 1);
            }}
          >
            {t('tentar_novamente')}
          </button>
        )}
      </article>
    </main>
  );
}
