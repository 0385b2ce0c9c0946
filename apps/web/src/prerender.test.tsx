import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './app/providers';
import { appRoutes, createAppRouter, loadRouteScreens } from './app/router';
import { AppRoot } from './app/root';
import { prerender } from './prerender';

let root: Root | null = null;
afterEach(() => {
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
    expect(page.querySelector('h1')?.textContent).toBe('Welcome back');
    expect(page.textContent).toContain('Sign in to continue to your creative opportunities.');
    expect(page.querySelector('button[type="submit"]')?.textContent).toBe('Sign In');
  });

  it('is taken over by the browser app as it is, and then works as the app', async () => {
    const container = document.createElement('div');
    container.innerHTML = await prerender('/login');
    document.body.append(container);
    const heading = container.querySelector('h1');
    window.history.replaceState(null, '', '/login');

    const queryClient = createQueryClient();
    const routes = appRoutes(queryClient);
    await loadRouteScreens(routes, '/login');
    const mismatches: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppRoot queryClient={queryClient} router={createAppRouter(queryClient, routes)} />,
        {
          onRecoverableError: (err) => mismatches.push(err),
        },
      );
    });

    expect(mismatches).toEqual([]);
    // The same elements, kept: nothing was rendered afresh.
    expect(container.querySelector('h1')).toBe(heading);
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.test');
    expect(screen.getByLabelText('Email')).toHaveValue('a@example.test');
    await userEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    // The router moves once the next screen's code has loaded.
    await waitFor(() => expect(window.location.pathname).toBe('/signup'));
  });
});
