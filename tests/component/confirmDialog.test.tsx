/**
 * The one confirmation dialog (issue 31): the question, Cancelar and the button that does it; and
 * two of the screens that ask through it, with their own texts and buttons.
 */
import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'ra-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSessionUser } from '../../src/authProvider/session';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { Redefinir2faButton } from '../../src/components/Redefinir2faButton';
import { TestAdmin } from './helpers';
import { NoticeProbe, readNotices } from './noticeProbe';

function Pergunta({ busy = false, onConfirm, onOutside }: { busy?: boolean; onConfirm: () => void; onOutside: () => void }) {
  const [open, setOpen] = React.useState(true);
  return (
    // A row that reacts to clicks, as a list's may: the dialog's clicks do not reach it.
    <div onClick={onOutside}>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Bloquear Maria?"
        text="O cliente fica Bloqueado."
        busy={busy}
        confirm={{ label: 'app.cliente_pagina.bloquear', color: 'error', onConfirm }}
      />
    </div>
  );
}

describe('ConfirmDialog', () => {
  it('asks with its title and text; Cancelar closes without doing it, the confirm button does it', async () => {
    const onConfirm = vi.fn();
    const onOutside = vi.fn();
    render(
      <TestAdmin>
        <Pergunta onConfirm={onConfirm} onOutside={onOutside} />
      </TestAdmin>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear Maria?' });
    expect(dialog).toHaveTextContent('O cliente fica Bloqueado.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOutside).not.toHaveBeenCalled();
  });

  it('keeps both buttons waiting while what was confirmed runs', async () => {
    render(
      <TestAdmin>
        <Pergunta busy onConfirm={vi.fn()} onOutside={vi.fn()} />
      </TestAdmin>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear Maria?' });
    expect(within(dialog).getByRole('button', { name: 'Bloquear' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  });
});

describe('Redefinir 2FA asks first', () => {
  afterEach(() => {
    setSessionUser(null);
    vi.unstubAllGlobals();
  });

  it("names the user, and only the dialog's Redefinir 2FA resets it", async () => {
    setSessionUser({ id: 1, name: 'Administrador', acesso: 1 });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Verificação em duas etapas redefinida.' }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    render(
      <TestAdmin>
        <RecordContextProvider value={{ id: 9, name: 'João Lima', doisFatores: true }}>
          <Redefinir2faButton />
        </RecordContextProvider>
        <NoticeProbe />
      </TestAdmin>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Redefinir 2FA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redefinir a verificação em duas etapas?' });
    expect(dialog).toHaveTextContent('O usuário João Lima poderá entrar só com a senha');
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Redefinir 2FA' }));
    await waitFor(() => expect(readNotices()).toContainEqual(expect.objectContaining({ text: 'Verificação em duas etapas redefinida.' })));
    expect(fetch).toHaveBeenCalledWith('/v1/users/9/2fa', expect.objectContaining({ method: 'DELETE' }));
  });
});
