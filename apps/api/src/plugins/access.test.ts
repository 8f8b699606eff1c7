import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessPlugin, type RouteAccess } from './access';

/** Registers one API route with `config` on a bare app that has the access plugin. */
async function registerRoute(config: { access?: RouteAccess; ignoresViewer?: boolean }) {
  const app = Fastify();
  await app.register(accessPlugin);
  try {
    app.get('/api/example', { config }, async () => ({}));
    await app.ready();
  } finally {
    await app.close();
  }
}

describe('route access declarations', () => {
  it('refuses an API route that does not say who may call it', async () => {
    await expect(registerRoute({})).rejects.toThrow('Route GET /api/example must declare config.access');
  });

  it('lets only public routes skip the session lookup', async () => {
    await expect(registerRoute({ access: 'public', ignoresViewer: true })).resolves.toBeUndefined();
    for (const access of ['member', 'admin'] as const) {
      await expect(registerRoute({ access, ignoresViewer: true })).rejects.toThrow(
        'Route GET /api/example needs the viewer to enforce its access',
      );
    }
  });
});
