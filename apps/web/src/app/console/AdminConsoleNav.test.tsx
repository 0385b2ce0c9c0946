import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../test/page-harness';
import { AdminConsolePage } from './AdminConsolePage';

afterEach(() => vi.unstubAllGlobals());

describe('AdminConsolePage navigation', { timeout: 15_000 }, () => {
  it("reaches 1099-NEC and Document templates from the navigation; the phone's menu closes on any pick", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /admin/tax/1099-nec': { body: { year: 2025, threshold: 600, payees: [] } },
      'GET /admin/document-templates': { body: [] },
    });
    renderPage('/admin/1099-nec', '/admin/*', <AdminConsolePage />);
    expect(await screen.findByRole('heading', { name: '1099-NEC', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    const menu = screen.getByRole('button', { name: 'Menu' });

    // The page already shown: the path does not change, and the menu closes all the same.
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(nav).getByRole('link', { name: '1099-NEC' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    await user.click(within(nav).getByRole('link', { name: 'Document templates' }));
    expect(await screen.findByRole('heading', { name: 'Document templates', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/document-templates');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('sends an address the console does not have to its jobs, once (no redirect within the unknown path)', async () => {
    mockApi({});
    renderPage('/admin/tax/1099-nec', '/admin/*', <AdminConsolePage />);
    expect(await screen.findByRole('heading', { name: 'Jobs', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/jobs$/);
  });
});
