import type { FastifyInstance } from 'fastify';
import { clientConfig, type ConfigSettings } from '../client-config.js';

/** `GET /api/config`: the client configuration of the specification. */
export function registerConfigRoutes(app: FastifyInstance, settings: ConfigSettings) {
  app.get('/api/config', async (req, reply) => {
    reply.header('Vary', 'Accept-Language');
    return clientConfig(settings, req.headers['accept-language']);
  });
}
