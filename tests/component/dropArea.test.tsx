import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropArea } from '../../src/components/DropArea';
import { UploadsPanel } from '../../src/components/UploadsPanel';
import { DOCUMENT_TYPES, IMAGE_TYPES } from '../../domain/constants';
import { TestAdmin } from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';

const file = (name: string, type: string, size = 10) => {
  const made = new File(['x'.repeat(10)], name, { type });
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

// The input keeps its accept attribute; the widget, not the browser dialog, must refuse other types.
const user = () => userEvent.setup({ applyAccept: false });

function renderDrop(props: Partial<React.ComponentProps<typeof DropArea>> = {}) {
  const onFiles = vi.fn();
  render(
    <TestAdmin>
      <DropArea accept={IMAGE_TYPES} onFiles={onFiles} label="app.uploads.drop" icon={null} {...props} />
      <NoticeProbe />
    </TestAdmin>,
  );
  return { onFiles, input: screen.getByLabelText('Arraste arquivos aqui ou clique para escolher') };
}

describe('file-drop widget', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a file of an unaccepted type, saying so in Portuguese for 6 seconds', async () => {
    const { onFiles, input } = renderDrop();
    await user().upload(input, file('notas.txt', 'text/plain'));
    await waitFor(() =>
      expect(readNotices()).toEqual([
        { text: 'Arquivo notas.txt recusado. Tipo de arquivo não suportado.', type: 'error', duration: '6000' },
      ]),
    );
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('refuses a file over 3,000,000 bytes by default, giving the limit in the pt-BR format', async () => {
    const { onFiles, input } = renderDrop();
    await user().upload(input, file('grande.png', 'image/png', 3_000_001));
    await waitFor(() =>
      expect(readNotices()).toEqual([
        { text: 'Arquivo grande.png recusado. Arquivo grande demais. O limite é 3.000.000 bytes.', type: 'error', duration: '6000' },
      ]),
    );
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('accepts a file exactly at the limit, and honours a larger limit given by the gallery', async () => {
    const { onFiles, input } = renderDrop({ maxSize: 5_000_000 });
    await user().upload(input, file('foto.png', 'image/png', 4_500_000));
    await waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    expect(onFiles.mock.calls[0][0].map((f: File) => f.name)).toEqual(['foto.png']);
    expect(screen.getByText(/até 3 arquivos de até 5\.000\.000 bytes cada/)).toBeInTheDocument();
  });

  it('says both reasons when a file has the wrong type and is too big', async () => {
    const { input } = renderDrop();
    await user().upload(input, file('video.mp4', 'video/mp4', 9_000_000));
    await waitFor(() =>
      expect(readNotices()[0]?.text).toBe(
        'Arquivo video.mp4 recusado. Tipo de arquivo não suportado. Arquivo grande demais. O limite é 3.000.000 bytes.',
      ),
    );
  });

  it('refuses more files than the limit (3 by default), counting the files already held', async () => {
    const { onFiles, input } = renderDrop();
    await user().upload(
      input,
      ['a.png', 'b.png', 'c.png', 'd.png'].map((name) => file(name, 'image/png')),
    );
    await waitFor(() =>
      expect(readNotices()).toEqual([
        { text: 'Número máximo de arquivos excedido. Apenas 3 permitidos.', type: 'error', duration: '6000' },
      ]),
    );
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('counts the files the widget already holds toward the limit', async () => {
    const { onFiles, input } = renderDrop({ filesLimit: 2, heldCount: 1 });
    await user().upload(input, [file('a.png', 'image/png'), file('b.png', 'image/png')]);
    await waitFor(() => expect(readNotices()[0]?.text).toBe('Número máximo de arquivos excedido. Apenas 2 permitidos.'));
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('does not count files when the limit is 1: a new file simply comes in', async () => {
    const { onFiles, input } = renderDrop({ filesLimit: 1, heldCount: 1 });
    await user().upload(input, file('nova.png', 'image/png'));
    await waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    expect(readNotices()).toEqual([{ text: 'Arquivo nova.png adicionado com sucesso.', type: 'success', duration: '6000' }]);
  });

  it('announces each added file', async () => {
    const { onFiles, input } = renderDrop({ accept: DOCUMENT_TYPES });
    await user().upload(input, [file('frente.jpg', 'image/jpeg'), file('contrato.pdf', 'application/pdf')]);
    await waitFor(() => expect(onFiles).toHaveBeenCalledTimes(1));
    expect(readNotices()).toEqual([
      {
        text: 'Arquivo frente.jpg adicionado com sucesso. Arquivo contrato.pdf adicionado com sucesso.',
        type: 'success',
        duration: '6000',
      },
    ]);
  });
});

describe('uploads panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  const PNG = 'data:image/png;base64,iVBORw0KGgo=';
  const PDF = 'data:application/pdf;base64,JVBERi0=';

  function stubApi(items: object[]) {
    let current = [...items];
    const calls: { method: string; url: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url });
        if (method === 'DELETE') {
          const id = Number(url.split('/').pop());
          const removed = current.find((item) => (item as { id: number }).id === id);
          current = current.filter((item) => item !== removed);
          return new Response(JSON.stringify(removed), { status: 200 });
        }
        return new Response(JSON.stringify({ meta: { totalItens: current.length }, Items: current }), { status: 200 });
      }),
    );
    return calls;
  }

  it('shows images as thumbnails that open a larger preview, PDFs as rows with a link', async () => {
    stubApi([
      { id: 1, unid: 9, documento: 'cliente', name: 'frente.png', type: 'image/png', base64: PNG },
      { id: 2, unid: 9, documento: 'cliente', name: 'contrato.pdf', type: 'application/pdf', base64: PDF },
    ]);
    render(
      <TestAdmin>
        <UploadsPanel unid={9} documento="cliente" accept={DOCUMENT_TYPES} />
      </TestAdmin>,
    );
    const thumbnail = await screen.findByRole('img', { name: 'frente.png' });
    expect(thumbnail).toHaveAttribute('src', PNG);
    expect(screen.queryByRole('img', { name: 'contrato.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir contrato.pdf' })).toHaveAttribute('download', 'contrato.pdf');

    await userEvent.click(screen.getByRole('link', { name: 'Abrir frente.png' }));
    const preview = await screen.findByRole('dialog', { name: 'frente.png' });
    expect(within(preview).getByRole('img', { name: 'frente.png' })).toHaveAttribute('src', PNG);
  });

  it("removes a file after 'Remover item?' and announces 'Arquivo … removido.'", async () => {
    const calls = stubApi([{ id: 7, unid: 9, documento: 'cliente', name: 'verso.png', type: 'image/png', base64: PNG }]);
    render(
      <TestAdmin>
        <UploadsPanel unid={9} documento="cliente" accept={DOCUMENT_TYPES} />
        <NoticeProbe />
      </TestAdmin>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remover verso.png' }));
    const confirm = await screen.findByRole('alert');
    expect(within(confirm).getByText('Remover item?')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(readNotices()).toEqual([{ text: 'Arquivo verso.png removido.', type: 'info', duration: '6000' }]));
    expect(calls).toContainEqual({ method: 'DELETE', url: '/v1/uploads/7' });
    expect(await screen.findByText('Nenhum arquivo enviado.')).toBeInTheDocument();
  });
});
