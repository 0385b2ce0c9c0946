/**
 * The build's prerender of the public screens (decision 0130): the same app as in the browser, its
 * route table and providers, rendered to HTML at a path, signed out. Built for Node by
 * scripts/prerender.mjs, which needs a `localStorage` without a session in place before loading it.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { createQueryClient } from './app/providers';
import { appRoutes, loadRouteScreens } from './app/router';
import { AppRoot } from './app/root';

/** Where the browser keeps a session: the page's inline script looks there before the app runs. */
export { TOKEN_STORAGE_KEY } from '@app/shared';

export async function prerender(pathname: string): Promise<string> {
  const queryClient = createQueryClient();
  const routes = appRoutes(queryClient);
  await loadRouteScreens(routes, pathname);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  return renderToString(<AppRoot queryClient={queryClient} router={router} />);
}
