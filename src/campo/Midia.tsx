/**
 * Photos and the client's signature on the técnico's phone (DESIGN 11): a camera photo is made at
 * most 1600 px and 500 KB on the phone (browser-image-compression, loaded when a photo is taken)
 * before it is queued; the signature is drawn on a canvas (signature_pad, loaded with the order's
 * page) and queued as a PNG with the client's name. Both wait in the queue without signal.
 */
import * as React from 'react';
import { Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import type SignaturePad from 'signature_pad';
import { translate as t } from './i18n';
import type { CampoContexto } from './contexto';
import type { Resultado } from './sincronia';
import type { OrdemVista } from './vista';

/** The limits DESIGN 11 sets for a photo sent from the phone. */
export const FOTO_MAX_PX = 1600;
export const FOTO_MAX_MB = 0.5;

/** What the técnico reads once an operation is queued: sent, or kept until there is signal. */
export function avisarResultado(ctx: CampoContexto, resultado: Resultado, enviado: string) {
  if (resultado === 'aplicada') ctx.avisar({ tipo: 'success', texto: enviado });
  else if (resultado === 'pendente') ctx.avisar({ tipo: 'info', texto: t('app.campo.na_fila') });
}

export function Fotos({ ordem, aberta, ctx }: { ordem: OrdemVista; aberta: boolean; ctx: CampoContexto }) {
  const [reduzindo, setReduzindo] = React.useState(false);
  const escolher = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setReduzindo(true);
    try {
      const { default: imageCompression } = await import('browser-image-compression');
      // On the page's thread: the library's worker would load its code from a CDN, without signal too.
      const small = await imageCompression(file, {
        maxWidthOrHeight: FOTO_MAX_PX,
        maxSizeMB: FOTO_MAX_MB,
        useWebWorker: false,
        fileType: 'image/jpeg',
        initialQuality: 0.8,
      });
      const base64 = await imageCompression.getDataUrlFromFile(small);
      const name = `${file.name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`.slice(-120);
      avisarResultado(ctx, await ctx.enviar(ordem, 'foto', { base64, name }), t('app.campo.foto_enviada'));
    } catch {
      ctx.avisar({ tipo: 'error', texto: t('app.campo.foto_erro') });
    }
    setReduzindo(false);
  };
  const enviadas = ordem.fotos?.length ?? 0;
  const naFila = ordem.fotosPendentes.length;
  return (
    <Box component="section" aria-labelledby="fotos-titulo">
      <Typography id="fotos-titulo" component="h2" variant="h6">
        {t('app.campo.fotos')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="fotos" sx={{ mb: 1 }}>
        {t('app.campo.fotos_count', { smart_count: enviadas })}
        {naFila > 0 && ` · ${t('app.campo.fotos_fila', { smart_count: naFila })}`}
      </Typography>
      {aberta && (
        <Button component="label" variant="outlined" disabled={reduzindo} sx={{ minHeight: 48 }}>
          {reduzindo ? <CircularProgress size={20} sx={{ mr: 1 }} aria-hidden /> : null}
          {reduzindo ? t('app.campo.foto_reduzindo') : t('app.campo.tirar_foto')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            data-testid="foto-input"
            onChange={(event) => void escolher(event)}
          />
        </Button>
      )}
    </Box>
  );
}

export function Assinatura({ ordem, aberta, ctx }: { ordem: OrdemVista; aberta: boolean; ctx: CampoContexto }) {
  const canvas = React.useRef<HTMLCanvasElement>(null);
  const pad = React.useRef<SignaturePad | null>(null);
  const [nome, setNome] = React.useState('');
  const [vazia, setVazia] = React.useState(true);
  const [salvando, setSalvando] = React.useState(false);

  React.useEffect(() => {
    if (!aberta) return;
    let vivo = true;
    let resize: (() => void) | undefined;
    void import('signature_pad').then(({ default: SignaturePadClass }) => {
      const el = canvas.current;
      // Without a 2D canvas (an old browser, a test DOM) there is nothing to draw on.
      if (!vivo || !el?.getContext('2d')) return;
      const instance = new SignaturePadClass(el, { penColor: '#111' });
      instance.addEventListener('endStroke', () => setVazia(instance.isEmpty()));
      // The canvas drawn at the screen's density; a resize clears it (the técnico signs again).
      resize = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        el.width = el.offsetWidth * ratio;
        el.height = el.offsetHeight * ratio;
        el.getContext('2d')?.scale(ratio, ratio);
        instance.clear();
        setVazia(true);
      };
      resize();
      window.addEventListener('resize', resize);
      pad.current = instance;
    });
    return () => {
      vivo = false;
      if (resize) window.removeEventListener('resize', resize);
      pad.current?.off();
      pad.current = null;
    };
  }, [aberta]);

  const limpar = () => {
    pad.current?.clear();
    setVazia(true);
  };
  const salvar = async () => {
    if (!pad.current || pad.current.isEmpty()) return;
    setSalvando(true);
    const base64 = pad.current.toDataURL('image/png');
    const resultado = await ctx.enviar(ordem, 'assinatura', { base64, nome: nome.trim() });
    setSalvando(false);
    if (resultado !== 'conflito') limpar();
    avisarResultado(ctx, resultado, t('app.campo.assinatura_enviada'));
  };
  const feita = ordem.assinaturaPendente
    ? t('app.campo.assinatura_fila', { nome: ordem.assinaturaPendente })
    : ordem.assinaturaCliente
      ? t('app.campo.assinatura_feita', { nome: ordem.assinaturaCliente.nome })
      : null;
  return (
    <Box component="section" aria-labelledby="assinatura-titulo" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id="assinatura-titulo" component="h2" variant="h6">
        {t('app.campo.assinatura')}
      </Typography>
      {feita && (
        <Typography variant="body2" data-testid="assinatura">
          {feita}
        </Typography>
      )}
      {aberta && (
        <>
          <TextField
            label={t('app.campo.nome_cliente')}
            value={nome}
            onChange={(event) => setNome(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <Box
            component="canvas"
            ref={canvas}
            role="img"
            aria-label={t('app.campo.area_assinatura')}
            sx={{
              width: '100%',
              height: 180,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'common.white',
              touchAction: 'none',
            }}
          />
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="text" onClick={limpar} sx={{ minHeight: 44 }}>
              {t('app.campo.limpar')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => void salvar()}
              disabled={salvando || vazia || nome.trim().length < 1}
              sx={{ minHeight: 44 }}
            >
              {t('app.campo.salvar_assinatura')}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
