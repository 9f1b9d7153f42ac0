/**
 * /ordenservico/{id} (SPEC 2.15 and 4): the order, its client, vehicle, tracker and notes, and the
 * 18-item checklist answered OK or NT. Salvar keeps the answers; Finalizar (only while open, enabled
 * once every item is answered) asks first, then sets status 1, saves, says so and reloads. Imprimir prints one A4 page with
 * signature lines for the técnico and the client.
 */
import * as React from 'react';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import { Alert, Button, CircularProgress, FormHelperText } from '@mui/material';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'ra-core';
import { useParams } from 'react-router';
import { clienteDocumento, clienteNome } from '../../../domain/clientes';
import { formatCpfCnpj, formatNumero, formatPhone } from '../../../domain/formatters';
import { isChecklistComplete, ORDEM_STATUS, type Checklist } from '../../../domain/ordensservicos';
import { serverFieldErrors, useServerErrorNotify } from '../../form/useServerErrorNotify';
import { ClienteLink } from '../../components/ClienteLink';
import { ExitButton, PrintButton } from '../../print/PrintButtons';
import { PrintPage } from '../../print/PrintPage';
import { CompanyBlock, DocumentHeader, InfoGrid, PrintSection, PrintText, SignatureLines } from '../../print/PrintParts';
import { useDadosempresa } from '../../print/useDadosempresa';
import { AprovacaoActions, AprovacaoAviso } from './AprovacaoActions';
import { ChecklistGrid } from './ChecklistGrid';
import { FinalizarConfirm } from './FinalizarConfirm';
import { ValidacaoPanel } from '../frota/ValidacaoPanel';
import { CONFIRMA, confirmacaoDe, SemValidacaoConfirm, type Confirmacao } from '../frota/SemValidacaoConfirm';
import { agendamentoTexto, isConcluida, statusLabel, veiculoResumo } from './format';
import { ordemTransform } from './OrdemServicoForm';
import type { OrdemCliente, OrdemServico } from './types';

const unique = (values: (string | undefined | null)[]) => [...new Set(values.filter((v): v is string => !!v && v.trim() !== ''))];

/** The client's phones and e-mails: the main contact first, then the extra contacts. */
function contatosDe(cliente: OrdemCliente | null | undefined) {
  const contatos = cliente?.contatos ?? [];
  return {
    phones: unique([cliente?.mobilePhone, cliente?.phone, ...contatos.flatMap((c) => [c.mobilePhone, c.phone])]).map(formatPhone),
    emails: unique([cliente?.email, ...contatos.map((c) => c.email)]),
  };
}

function OrdemDocument({
  ordem,
  checklist,
  onAnswer,
  checklistError,
}: {
  ordem: OrdemServico;
  checklist: Checklist;
  onAnswer: (item: keyof Checklist, answer: 'OK' | 'NT') => void;
  checklistError?: string;
}) {
  const translate = useTranslate();
  const empresa = useDadosempresa();
  const concluida = isConcluida(ordem);
  const { phones, emails } = contatosDe(ordem.cliente);
  const page = (name: string) => `app.ordensservicos.page.${name}`;
  const veiculo = ordem.veiculo;
  const device = ordem.device;
  return (
    <>
      <DocumentHeader
        title={translate('app.ordensservicos.edit_title')}
        subtitle={`${translate(page('numero'), { numero: formatNumero(ordem.id) })} · ${translate(statusLabel(ordem))}`}
        issuer={<CompanyBlock empresa={empresa} />}
      />
      <PrintSection title={page('ordem')}>
        <InfoGrid
          items={[
            { label: 'resources.ordensservicos.fields.descricao', value: ordem.descricao, wide: true },
            { label: 'resources.ordensservicos.fields.agendamento', value: agendamentoTexto(ordem) },
            { label: 'resources.ordensservicos.fields.idtecnico', value: ordem.tecnico?.name },
          ]}
        />
      </PrintSection>
      <PrintSection title={page('cliente')}>
        <InfoGrid
          items={[
            { label: page('nome'), value: <ClienteLink id={ordem.idcliente ?? ordem.cliente?.id} nome={clienteNome(ordem.cliente)} /> },
            { label: page('documento'), value: formatCpfCnpj(clienteDocumento(ordem.cliente)) },
            { label: page('telefones'), value: phones.join(' · ') },
            { label: page('emails'), value: emails.join(' · ') },
          ]}
        />
      </PrintSection>
      <PrintSection title={page('veiculo')}>
        <InfoGrid
          items={[
            { label: page('veiculo_modelo'), value: veiculoResumo(veiculo) },
            { label: 'resources.veiculos.fields.placa', value: veiculo?.placa },
            { label: 'resources.veiculos.fields.renavan', value: veiculo?.renavan },
            { label: 'resources.veiculos.fields.chassi', value: veiculo?.chassi },
          ]}
        />
      </PrintSection>
      <PrintSection title={page('rastreador')}>
        <InfoGrid
          items={[
            { label: 'resources.rastreadores.fields.imei', value: device?.imei },
            { label: page('rastreador_modelo'), value: [device?.marca, device?.modelo].filter(Boolean).join(' ') },
            { label: page('chip'), value: formatPhone(device?.phone) },
            { label: page('iccid'), value: device?.iccid },
          ]}
        />
      </PrintSection>
      <ValidacaoPanel id={ordem.id} concluida={concluida} validacao={ordem.validacao} />
      {ordem.informacoes ? (
        <PrintSection title={page('observacoes')}>
          <PrintText>{ordem.informacoes}</PrintText>
        </PrintSection>
      ) : null}
      <PrintSection title={page('checklist')}>
        <ChecklistGrid value={checklist} onChange={onAnswer} readOnly={concluida} />
        {checklistError ? (
          <FormHelperText error role="alert">
            {checklistError}
          </FormHelperText>
        ) : null}
      </PrintSection>
      <SignatureLines
        signatories={[
          { name: ordem.tecnico?.name ?? '', role: page('assinatura_tecnico') },
          { name: clienteNome(ordem.cliente), role: page('assinatura_cliente') },
        ]}
      />
    </>
  );
}

export function OrdemServicoPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const onError = useServerErrorNotify();
  const { id } = useParams();
  const { data: ordem, isPending, error, refetch } = useGetOne<OrdemServico>('ordensservicos', { id: Number(id) }, { enabled: !!id });
  const [update, { isPending: saving }] = useUpdate<OrdemServico>();
  // The answers being given, over the saved ones.
  const [answers, setAnswers] = React.useState<Checklist>({});
  const [checklistError, setChecklistError] = React.useState<string>();
  const checklist: Checklist = { ...ordem?.checklist, ...answers };
  const concluida = isConcluida(ordem);

  // Finalizar without a report in 10 minutes, or with the tracker not Comunicando: the server's 409 asks for confirmation (DESIGN 10).
  const [pergunta, setPergunta] = React.useState<Confirmacao>();
  const save = (status: number, confirmado?: Confirmacao['kind']) => {
    if (!ordem) return;
    setChecklistError(undefined);
    const data = {
      ...(ordemTransform({ ...ordem, checklist, status }) as Partial<OrdemServico>),
      ...(confirmado ? { [CONFIRMA[confirmado]]: true } : {}),
    };
    update(
      'ordensservicos',
      { id: ordem.id, data, previousData: ordem },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(status === ORDEM_STATUS.CONCLUIDO ? 'app.ordensservicos.finalized' : 'app.notify.updated', { type: 'success' });
          setAnswers({});
          // Reload the order as saved (SPEC 4: Finalize saves, then reloads).
          void refetch();
        },
        onError: (failure) => {
          const errors = serverFieldErrors(failure);
          const confirmacao = confirmacaoDe(errors);
          if (confirmacao && confirmacao.kind !== confirmado) return setPergunta(confirmacao);
          onError(failure);
          setChecklistError(errors.checklist);
        },
      },
    );
  };

  let body: React.ReactNode;
  if (isPending) body = <CircularProgress aria-label={translate('app.loading')} sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  else if (error || !ordem) body = <Alert severity="error">{translate('app.ordensservicos.page.not_found')}</Alert>;
  else
    body = (
      <OrdemDocument
        ordem={ordem}
        checklist={checklist}
        checklistError={checklistError}
        onAnswer={(item, answer) => setAnswers((current) => ({ ...current, [item]: answer }))}
      />
    );

  // Waiting for the office's approval (DESIGN 11): Aprovar or Reprovar, no editing.
  const aguardando = Number(ordem?.status) === ORDEM_STATUS.AGUARDANDO_APROVACAO;
  const open = !!ordem && !concluida && !aguardando;
  return (
    <PrintPage
      actions={
        <>
          {open ? (
            <>
              <Button variant="outlined" startIcon={<SaveIcon />} disabled={saving} onClick={() => save(ORDEM_STATUS.EM_ABERTO)}>
                {translate('app.ordensservicos.page.save')}
              </Button>
              <FinalizarConfirm
                variant="contained"
                disabled={saving || !isChecklistComplete(checklist)}
                confirm={(close) => (
                  <Button
                    variant="contained"
                    color="success"
                    startIcon={<DoneAllIcon />}
                    onClick={() => {
                      close();
                      save(ORDEM_STATUS.CONCLUIDO);
                    }}
                  >
                    {translate('app.ordensservicos.finalize')}
                  </Button>
                )}
              />
            </>
          ) : null}
          {ordem && aguardando ? <AprovacaoActions id={ordem.id} onDone={() => void refetch()} /> : null}
          <SemValidacaoConfirm
            message={pergunta?.message}
            kind={pergunta?.kind}
            onClose={() => setPergunta(undefined)}
            onConfirm={() => {
              setPergunta(undefined);
              if (pergunta) save(ORDEM_STATUS.CONCLUIDO, pergunta.kind);
            }}
          />
          <PrintButton disabled={!ordem} />
          <ExitButton to="/ordensservicos" />
        </>
      }
    >
      {open && !isChecklistComplete(checklist) ? (
        <Alert severity="info" data-print="hide" sx={{ mb: 2 }}>
          {translate('app.ordensservicos.page.finalize_hint')}
        </Alert>
      ) : null}
      {ordem ? <AprovacaoAviso ordem={ordem} /> : null}
      {body}
    </PrintPage>
  );
}

export default OrdemServicoPage;
