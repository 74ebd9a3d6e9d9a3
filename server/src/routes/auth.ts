// Admin sign-in, the signed-in admin and admin token refresh; customer magic-link sign-in, the
// signed-in customer and customer token refresh.
import type { AppContext } from '../context';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from '../http/types';
import { deviceCookies } from '../http/device-cookie';
import { getCustomerProfile } from '../services/orders/customers';
import { AuthThrottle } from '../services/identity/auth-throttle';
import { MagicLinks } from '../services/identity/magic-links';
import { adminSignIn, refreshSignIn, type SignInClient } from '../services/identity/sign-in';
import { adminMe } from '../services/identity/two-factor';
import { endSessionOfRefreshToken } from '../services/identity/refresh-tokens';
import { requireAdmin, requireCustomer } from '../http/access';

/** Where a request comes from, as its session stores it. */
const clientOf = (request: FastifyRequest): SignInClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function authHandlers(ctx: AppContext): Handlers {
  const throttle = new AuthThrottle(ctx.db, () => ctx.now());
  const magicLinks = new MagicLinks(ctx, throttle);
  const devices = deviceCookies(ctx.config.jwtSecret);

  return {
    adminLogin: async (request, reply) => {
      const device = devices.read(request, request.body.username);
      const tokens = await adminSignIn(ctx, throttle, request.body, clientOf(request), device);
      devices.issue(request, reply, request.body.username);
      return tokens;
    },

    getAdminMe: (request) => adminMe(ctx.db, requireAdmin(request), request.auth!.sessionId),

    refreshAdminToken: (request) =>
      refreshSignIn(ctx, request.query.refresh_token, 'admin', clientOf(request)),

    // Ends the session: its refresh family and, on every instance, its access tokens.
    logoutAdmin: async (request, reply) => {
      await endSessionOfRefreshToken(ctx.db, request.query.refresh_token, 'admin', ctx.now());
      return reply.code(204).send();
    },

    logoutCustomer: async (request, reply) => {
      await endSessionOfRefreshToken(ctx.db, request.query.refresh_token, 'customer', ctx.now());
      return reply.code(204).send();
    },

    sendMagicLink: async (request, reply) => {
      const answer = await magicLinks.send(request.body.email, request.ip);
      reply.code(202);
      return answer;
    },

    verifyMagicLink: async (request) =>
      magicLinks.verify(request.body.token, request.body.email, clientOf(request)),

    getCustomerMe: (request) => getCustomerProfile(ctx.db, requireCustomer(request)),

    refreshCustomerToken: (request) =>
      refreshSignIn(ctx, request.query.refresh_token, 'customer', clientOf(request)),
  };
}
