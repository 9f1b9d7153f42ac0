/** The columns of the charges' CSV export, with pt-BR headings, dates dd/mm/yyyy and money as 1234,56. */
import * as React from 'react';
import { useTranslate } from 'ra-core';
import { clienteDocumento, clienteNome } from '../../../domain/clientes';
import { formatCpfCnpj, formatDate, formatNumero } from '../../../domain/formatters';
import { csvMoney, type CsvColumn } from '../../components/csv';
import { NFSE_STATUS_LABEL } from '../../../domain/nfse';
import { FORMA_PAGAMENTO_LABEL, type FormaPagamento } from '../../../domain/pagamento';
import type { Cobranca } from './types';

export function useCsvColumns(): CsvColumn<Cobranca>[] {
  const translate = useTranslate();
  return React.useMemo(() => {
    const h = (key: string) => translate(`app.cobrancas.csv.${key}`);
    return [
      { header: h('numero'), value: (c) => formatNumero(c.id) },
      { header: h('cliente'), value: (c) => clienteNome(c.cliente) },
      { header: h('documento'), value: (c) => formatCpfCnpj(clienteDocumento(c.cliente)) },
      { header: h('email'), value: (c) => c.cliente?.email },
      { header: h('celular'), value: (c) => c.cliente?.mobilePhone || c.cliente?.phone },
      { header: h('descricao'), value: (c) => c.descricao },
      { header: h('gerada'), value: (c) => formatDate(c.datecreated) },
      { header: h('vencimento'), value: (c) => formatDate(c.duedate) },
      { header: h('valor'), value: (c) => csvMoney(c.valor) },
      { header: h('valor_atualizado'), value: (c) => csvMoney(c.valorAtualizado) },
      { header: h('status'), value: (c) => translate(`app.cobrancas.status.${c.status}`, { _: String(c.status) }) },
      { header: h('pagamento'), value: (c) => formatDate(c.paymentDate) },
      { header: h('valor_pago'), value: (c) => csvMoney(c.valorPago) },
      { header: h('forma_pagamento'), value: (c) => FORMA_PAGAMENTO_LABEL[c.formaPagamento as FormaPagamento] ?? '' },
      { header: h('nfse'), value: (c) => (c.nfse ? (NFSE_STATUS_LABEL[c.nfse.status] ?? c.nfse.status) : '') },
      { header: h('nfse_numero'), value: (c) => c.nfse?.numero ?? '' },
    ];
  }, [translate]);
}
