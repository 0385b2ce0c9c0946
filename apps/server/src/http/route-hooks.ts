import type { FastifyInstance, onResponseHookHandler, onSendHookHandler } from 'fastify';

type RouteHooks = { onSend: onSendHookHandler; onResponse: onResponseHookHandler };

/**
 * Adds a hook to the routes it concerns only, decided once when each route is registered, instead
 * of a global hook that every request awaits to find out it has nothing to do (the public job list
 * is served thousands of times a second; decision 0097). Call before the routes are registered.
 */
export function hookRoutes<Name extends keyof RouteHooks>(
  app: FastifyInstance,
  name: Name,
  applies: (route: { method: string; url: string }) => boolean,
  hook: RouteHooks[Name],
): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => applies({ method, url: route.url }))) return;
    const existing: unknown = route[name];
    const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    Object.assign(route, { [name]: [...hooks, hook] });
  });
}
