/** The sidebar (AppMenu) as a signed-in user sees it. */
import * as React from 'react';
import { render, screen } from '@testing-library/react';
import type { AuthProvider } from 'ra-core';
import { expect } from 'vitest';
import { AppMenu } from '../../src/layout/AppMenu';
import { TestAdmin } from './helpers';

/** The sidebar at `path` for the user of `authProvider`; `beside` renders next to it (a probe). */
export function renderMenu(authProvider: AuthProvider, path: string, beside?: React.ReactNode) {
  return render(
    <TestAdmin authProvider={authProvider} initialEntries={[path]}>
      <AppMenu />
      {beside}
    </TestAdmin>,
  );
}

/** The entry `name` links to `href` and comes right after the entry `previous`. */
export async function expectMenuEntryAfter(name: string, href: string, previous: string) {
  const link = await screen.findByRole('menuitem', { name });
  expect(link).toHaveAttribute('href', href);
  const texts = screen.getAllByRole('menuitem').map((item) => item.textContent);
  expect(texts.indexOf(name)).toBe(texts.indexOf(previous) + 1);
}
