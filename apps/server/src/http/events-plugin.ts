import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppEvents } from '../lib/app-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's events (lib/app-events.ts). */
    events: AppEvents;
  }
}

/** Decorates the app with its own event emitter, before anything that emits or listens. */
export default fp(
  async function eventsPlugin(app: FastifyInstance) {
    app.decorate('events', new AppEvents(app.log));
  },
  { name: 'events' },
);
