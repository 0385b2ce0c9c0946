import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './app/providers';
import { appRoutes, createAppRouter, loadRouteScreens } from './app/router';
import { AppRoot } from './app/root';
import { userQueryOptions } from './lib/auth';
import { authStorage } from './lib/auth-storage';
import './index.css';

const queryClient = createQueryClient();
// The session check starts with the app, beside the first page's code, not after it has loaded.
void queryClient.prefetchQuery(userQueryOptions());
const routes = appRoutes(queryClient);
const container = document.getElementById('root')!;
const app = () => <AppRoot queryClient={queryClient} router={createAppRouter(queryClient, routes)} />;
const render = () => createRoot(container).render(app());

// A public screen prerendered by the build (decision 0130) is taken over in place when the browser
// renders the same thing: that screen, signed out. Its code is loaded first so that the first render
// is the page, as in the prerender. Otherwise (a stored session) the app renders afresh.
const prerendered = container.dataset.prerendered;
if (prerendered && prerendered === window.location.pathname && !authStorage.get()) {
  loadRouteScreens(routes, prerendered).then(() => hydrateRoot(container, app()), render);
} else {
  render();
}
