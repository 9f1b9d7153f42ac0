/**
 * The Asaas fake's NFS-e (INTEGRATIONS.md 3, "Beyond charges"): the municipal services of
 * `GET /v3/fiscalInfo/services`, invoices (`POST /v3/invoices`, `GET`, `POST …/authorize`,
 * `POST …/cancel`) and a subscription's `invoiceSettings`, with Asaas' errors, and the
 * `INVOICE_*` webhooks (payload key `invoice`). An invoice is scheduled (SCHEDULED) for its
 * effectiveDate; the control API plays the city hall:
 *   POST /__fake/invoice/{id}/authorize   AUTHORIZED with number, pdfUrl and xmlUrl (INVOICE_AUTHORIZED)
 *   POST /__fake/invoice/{id}/error {description}   ERROR with that reason (INVOICE_ERROR)
 *   POST /__fake/fiscal {configured}      without fiscal data every invoice is refused (invalid_fiscalInfo)
 */
import type { ServerResponse } from 'node:http';
import { fail, list, notFound } from './asaas-http';
import { asaasId, error, isDate, today, type AsaasError, type AsaasPayment, type AsaasSubscription } from './asaas-model';
import { controlBody } from './control';
import { asObject, parseJson, sendJson, type FakeRequest, type Router } from './http';

export interface AsaasInvoice {
  object: 'invoice';
  id: string;
  status: 'SCHEDULED' | 'AUTHORIZED' | 'PROCESSING_CANCELLATION' | 'CANCELED' | 'CANCELLATION_DENIED' | 'ERROR';
  customer: string;
  payment: string | null;
  installment: null;
  type: 'NFSE';
  statusDescription: string | null;
  serviceDescription: string;
  pdfUrl: string | null;
  xmlUrl: string | null;
  rpsSerie: string | null;
  rpsNumber: string | null;
  number: string | null;
  validationCode: string | null;
  value: number;
  deductions: number;
  effectiveDate: string;
  observations: string;
  externalReference: string | null;
  municipalServiceId: string | null;
  municipalServiceCode: string | null;
  municipalServiceName: string;
  taxes: { retainIss: boolean; iss: number; cofins: number; csll: number; inss: number; ir: number; pis: number };
}

export const MUNICIPAL_SERVICES = [
  { id: '11.02', description: '11.02 - Vigilância, segurança ou monitoramento de bens, pessoas e semoventes', issTax: 3 },
  { id: '01.07', description: '01.07 - Suporte técnico em informática, inclusive instalação e configuração de programas', issTax: 2 },
  {
    id: '14.01',
    description: '14.01 - Lubrificação, limpeza, revisão, carga e recarga, conserto, restauração de máquinas e veículos',
    issTax: 2.5,
  },
];

export const INVOICE_SETTINGS_PERIODS = [
  'ON_PAYMENT_CONFIRMATION',
  'ON_PAYMENT_DUE_DATE',
  'BEFORE_PAYMENT_DUE_DATE',
  'ON_DUE_DATE_MONTH',
  'ON_NEXT_MONTH',
];

type Emit = (event: string, key: 'invoice', resource: AsaasInvoice) => void;

function body(req: FakeRequest, res: ServerResponse): Record<string, any> | undefined {
  const parsed = parseJson(req.rawBody);
  const object = parsed.ok ? asObject(parsed.value ?? {}) : undefined;
  if (!object) fail(res, 400, error('invalid_object', 'O corpo da requisição não é um JSON válido.'));
  return object;
}

function validateTaxes(input: Record<string, any>): AsaasError[] {
  const taxes = input.taxes;
  if (!taxes || typeof taxes !== 'object') return [error('invalid_taxes', 'Informe os impostos da nota fiscal (taxes).')];
  if (typeof taxes.retainIss !== 'boolean') return [error('invalid_retainIss', 'Informe se o ISS deve ser retido (retainIss).')];
  if (typeof taxes.iss !== 'number' || taxes.iss < 0 || taxes.iss > 100)
    return [error('invalid_iss', 'A alíquota de ISS deve estar entre 0 e 100.')];
  return [];
}

function validateService(input: Record<string, any>): AsaasError[] {
  if (!input.municipalServiceId && !input.municipalServiceCode)
    return [error('invalid_municipalService', 'Informe o serviço municipal (municipalServiceId ou municipalServiceCode).')];
  if (input.municipalServiceId && !MUNICIPAL_SERVICES.some((s) => s.id === input.municipalServiceId))
    return [error('invalid_municipalServiceId', 'Serviço municipal não encontrado para o seu município.')];
  return [];
}

export function addFiscalRoutes(
  router: Router,
  state: { payments: Map<string, AsaasPayment>; subscriptions: Map<string, AsaasSubscription>; emit: Emit },
) {
  const invoices = new Map<string, AsaasInvoice>();
  const invoiceSettings = new Map<string, Record<string, unknown>>();
  let configured = true;

  const setStatus = (invoice: AsaasInvoice, status: AsaasInvoice['status'], event: string, change: Partial<AsaasInvoice> = {}) => {
    Object.assign(invoice, { status }, change);
    state.emit(event, 'invoice', invoice);
    return invoice;
  };

  router
    .on('GET', '/v3/fiscalInfo/services', (req, res) => {
      const description = (req.query.get('description') ?? '').toLowerCase();
      list(
        req,
        res,
        MUNICIPAL_SERVICES.filter((s) => s.description.toLowerCase().includes(description)),
      );
    })
    .on('POST', '/v3/invoices', (req, res) => {
      const input = body(req, res);
      if (!input) return;
      if (!configured)
        return fail(res, 400, error('invalid_fiscalInfo', 'Configure as informações fiscais da sua conta antes de emitir notas fiscais.'));
      const payment = typeof input.payment === 'string' ? state.payments.get(input.payment) : undefined;
      const errors: AsaasError[] = [];
      if (!payment || payment.deleted) errors.push(error('invalid_payment', 'Cobrança não encontrada.'));
      if (typeof input.serviceDescription !== 'string' || !input.serviceDescription.trim())
        errors.push(error('invalid_serviceDescription', 'Informe a descrição dos serviços da nota fiscal.'));
      if (typeof input.observations !== 'string') errors.push(error('invalid_observations', 'Informe as observações da nota fiscal.'));
      if (!(typeof input.value === 'number' && input.value > 0))
        errors.push(error('invalid_value', 'O valor da nota fiscal deve ser maior que zero.'));
      if (!isDate(input.effectiveDate)) errors.push(error('invalid_effectiveDate', 'Informe a data de emissão no formato AAAA-MM-DD.'));
      errors.push(...validateService(input), ...validateTaxes(input));
      if (errors.length) return fail(res, 400, ...errors);
      const service = MUNICIPAL_SERVICES.find((s) => s.id === input.municipalServiceId);
      const invoice: AsaasInvoice = {
        object: 'invoice',
        id: asaasId('inv'),
        status: 'SCHEDULED',
        customer: payment!.customer,
        payment: payment!.id,
        installment: null,
        type: 'NFSE',
        statusDescription: null,
        serviceDescription: input.serviceDescription,
        pdfUrl: null,
        xmlUrl: null,
        rpsSerie: null,
        rpsNumber: null,
        number: null,
        validationCode: null,
        value: input.value,
        deductions: Number(input.deductions) || 0,
        effectiveDate: input.effectiveDate,
        observations: input.observations,
        externalReference: typeof input.externalReference === 'string' ? input.externalReference : null,
        municipalServiceId: input.municipalServiceId ?? null,
        municipalServiceCode: input.municipalServiceCode ?? null,
        municipalServiceName: input.municipalServiceName ?? service?.description ?? '',
        taxes: { retainIss: input.taxes.retainIss, iss: input.taxes.iss, cofins: 0, csll: 0, inss: 0, ir: 0, pis: 0, ...input.taxes },
      };
      invoices.set(invoice.id, invoice);
      state.emit('INVOICE_CREATED', 'invoice', invoice);
      sendJson(res, 200, invoice);
    })
    .on('GET', '/v3/invoices', (req, res) =>
      list(
        req,
        res,
        [...invoices.values()].filter((i) => !req.query.has('payment') || i.payment === req.query.get('payment')),
      ),
    )
    .on('GET', '/v3/invoices/:id', (req, res) =>
      invoices.has(req.params.id) ? sendJson(res, 200, invoices.get(req.params.id)) : notFound(res),
    )
    .on('POST', '/v3/invoices/:id/authorize', (req, res) => {
      const invoice = invoices.get(req.params.id);
      if (!invoice) return notFound(res);
      if (invoice.status !== 'SCHEDULED' && invoice.status !== 'ERROR')
        return fail(res, 400, error('invalid_action', 'Só é possível emitir notas fiscais agendadas.'));
      // Issued now: the city hall answers later (the control API), as Asaas' queue does.
      invoice.effectiveDate = today();
      invoice.statusDescription = null;
      sendJson(res, 200, setStatus(invoice, 'SCHEDULED', 'INVOICE_UPDATED'));
    })
    .on('POST', '/v3/invoices/:id/cancel', (req, res) => {
      const invoice = invoices.get(req.params.id);
      if (!invoice) return notFound(res);
      if (!['SCHEDULED', 'AUTHORIZED', 'ERROR', 'CANCELLATION_DENIED'].includes(invoice.status))
        return fail(res, 400, error('invalid_action', 'Esta nota fiscal não pode ser cancelada.'));
      sendJson(res, 200, setStatus(invoice, 'CANCELED', 'INVOICE_CANCELED'));
    });

  for (const method of ['POST', 'PUT'] as const)
    router.on(method, '/v3/subscriptions/:id/invoiceSettings', (req, res) => {
      const sub = state.subscriptions.get(req.params.id);
      if (!sub || sub.deleted) return notFound(res);
      const input = body(req, res);
      if (!input) return;
      if (method === 'POST' && invoiceSettings.has(sub.id))
        return fail(res, 400, error('invalid_action', 'Esta assinatura já possui configuração de nota fiscal.'));
      if (method === 'PUT' && !invoiceSettings.has(sub.id)) return notFound(res);
      const errors = [...(method === 'POST' || 'municipalServiceId' in input ? validateService(input) : []), ...validateTaxes(input)];
      if (!INVOICE_SETTINGS_PERIODS.includes(input.effectiveDatePeriod))
        errors.push(error('invalid_effectiveDatePeriod', `Informe quando emitir: ${INVOICE_SETTINGS_PERIODS.join(', ')}.`));
      if (errors.length) return fail(res, 400, ...errors);
      const settings = { ...(invoiceSettings.get(sub.id) ?? {}), ...input, deleted: false };
      invoiceSettings.set(sub.id, settings);
      sendJson(res, 200, settings);
    });
  router.on('GET', '/v3/subscriptions/:id/invoiceSettings', (req, res) =>
    invoiceSettings.has(req.params.id) ? sendJson(res, 200, invoiceSettings.get(req.params.id)) : notFound(res),
  );
  router.on('DELETE', '/v3/subscriptions/:id/invoiceSettings', (req, res) => {
    if (!invoiceSettings.delete(req.params.id)) return notFound(res);
    sendJson(res, 200, { deleted: true });
  });

  const control = (fn: (req: FakeRequest) => unknown) => (req: FakeRequest, res: ServerResponse) => {
    try {
      sendJson(res, 200, fn(req));
    } catch (cause) {
      sendJson(res, 404, { error: (cause as Error).message });
    }
  };
  const invoice = (id: string) => {
    const found = invoices.get(id);
    if (!found) throw new Error(`asaas fake: no invoice ${id}`);
    return found;
  };
  const hooks = {
    authorizeInvoice: (id: string) => {
      const found = invoice(id);
      const number = String(1000 + [...invoices.keys()].indexOf(id));
      return setStatus(found, 'AUTHORIZED', 'INVOICE_AUTHORIZED', {
        number,
        rpsNumber: number,
        rpsSerie: 'A1',
        validationCode: found.id.slice(4, 12).toUpperCase(),
        pdfUrl: `https://sandbox.asaas.com/nfse/${found.id}.pdf`,
        xmlUrl: `https://sandbox.asaas.com/nfse/${found.id}.xml`,
      });
    },
    failInvoice: (id: string, description = 'Inscrição municipal do prestador não encontrada na prefeitura.') =>
      setStatus(invoice(id), 'ERROR', 'INVOICE_ERROR', { statusDescription: description }),
  };
  router.on(
    'POST',
    '/__fake/invoice/:id/authorize',
    control((req) => hooks.authorizeInvoice(req.params.id)),
  );
  router.on(
    'POST',
    '/__fake/invoice/:id/error',
    control((req) => hooks.failInvoice(req.params.id, controlBody(req).description)),
  );
  router.on(
    'POST',
    '/__fake/fiscal',
    control((req) => ({ configured: (configured = controlBody(req).configured !== false) })),
  );
  return { invoices, invoiceSettings, ...hooks, setFiscalConfigured: (value: boolean) => void (configured = value) };
}
