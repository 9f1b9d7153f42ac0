import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InstallPage } from '../../src/custom-pages/install/InstallPage';
import { TestAdmin } from './helpers';

describe('install page', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: false }), { status: 200 })),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Salva disabled until the company, email and password are filled; the CNPJ is optional', async () => {
    render(
      <TestAdmin initialEntries={['/install']}>
        <InstallPage />
      </TestAdmin>,
    );
    const button = await screen.findByRole('button', { name: 'Salva' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Nome', { exact: true }), 'Administrador');
    await userEvent.type(screen.getByLabelText('Email'), 'admin@rastreio.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('CNPJ (opcional)')).toHaveValue('');
    await userEvent.type(screen.getByLabelText('Nome da empresa'), 'Rastro Sul');
    expect(button).toBeEnabled();
  });

  it("sends the company's name and CNPJ with the administrator", async () => {
    const calls: { method: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        calls.push({ method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return new Response(JSON.stringify(init?.method === 'POST' ? { id: 1 } : { status: false }), {
          status: init?.method === 'POST' ? 201 : 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    render(
      <TestAdmin initialEntries={['/install']}>
        <InstallPage />
      </TestAdmin>,
    );
    await userEvent.type(await screen.findByLabelText('Nome da empresa'), 'Rastro Sul');
    await userEvent.type(screen.getByLabelText('CNPJ (opcional)'), '11.222.333/0001-81');
    await userEvent.type(screen.getByLabelText('Nome', { exact: true }), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@rastro.com');
    await userEvent.type(screen.getByLabelText('Senha'), 'segredo');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      empresa: 'Rastro Sul',
      cnpj: '11.222.333/0001-81',
      name: 'Ana',
      email: 'ana@rastro.com',
      password: 'segredo',
    });
  });
});
