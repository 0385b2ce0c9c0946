import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './app/providers';
import { appRoutes, createAppRouter, loadRouteScreens } from './app/router';
import { AppRoot } from './app/root';
import { prerender } from './prerender';
import { mockApi } from './test/page-harness';

let root: Root | null = null;
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('prerendered sign-in (decision 0130)', () => {
  it('is the sign-in screen, signed out', async () => {
    const html = await prerender('/login');
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('Sign in');
    expect(page.textContent).toContain('Continue to your creative opportunities.');
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Sign In');
  });

  it('cannot be sent before the app runs it, and would never put the password in the address', async () => {
    const page = document.createElement('div');
    page.innerHTML = await prerender('/login');
    expect(page.querySelector('button[type="submit"]')).toBeDisabled();
    expect(page.querySelector('form')?.getAttribute('method')).toBe('post');
  });

  it('is taken over by the browser app as it is, and then works as the app', async () => {
    const before: { heading?: HTMLHeadingElement | null } = {};
    const { container, mismatches } = await takeOver((page) => (before.heading = page.querySelector('h1')));
    const heading = before.heading;

    expect(mismatches).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // The same elements, kept: nothing was rendered afresh.
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading?.textContent).toBe('Sign in');
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.test');
    expect(screen.getByLabelText('Email')).toHaveValue('a@example.test');
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    // The router moves once the next screen's code has loaded.
    await waitFor(() => expect(window.location.pathname).toBe('/signup'));
  });

  it('signs in with what was typed before the app took the page over', async () => {
    const api = mockApi({ 'POST /auth/login': { status: 401, body: { detail: 'Invalid email or password' } } });
    await takeOver((page) => {
      // Typed into the prerendered page while the app's code was still loading.
      page.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'early@example.test';
      page.querySelector<HTMLInputElement>('input[name="password"]')!.value = 'typed-early-1';
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    const login = api.mock.calls.find(([url]) => String(url).endsWith('/api/auth/login'));
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({ email: 'early@example.test', password: 'typed-early-1' });
  });
});

/** The prerendered /login in the document, `beforeApp` done to it, then hydrated as main.tsx does. */
async function takeOver(beforeApp: (page: HTMLElement) => void = () => {}) {
  const container = document.createElement('div');
  container.innerHTML = await prerender('/login');
  document.body.append(container);
  window.history.replaceState(null, '', '/login');
  beforeApp(container);

  const queryClient = createQueryClient();
  const routes = appRoutes(queryClient);
  await loadRouteScreens(routes, '/login');
  const mismatches: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <AppRoot queryClient={queryClient} router={createAppRouter(queryClient, routes)} />, {
      onRecoverableError: (err) => mismatches.push(err),
    });
  });
  return { container, mismatches };
}
