// The sign-in calls of the auth, throttling, user and customer tests, each answer checked
// against the contract. They take the app, so a test can also call a second server instance.
import type { FastifyInstance } from 'fastify';
import { injectChecked } from './openapi-validator';

const LOCALHOST = '127.0.0.1';

export const adminLogin = (
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = LOCALHOST,
) =>
  injectChecked(app, 'adminLogin', {
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { username, password },
    remoteAddress,
  });

export const refreshAdminToken = (app: FastifyInstance, refreshToken: string) =>
  injectChecked(app, 'refreshAdminToken', {
    method: 'POST',
    url: `/api/v1/admin/auth/refresh?refresh_token=${encodeURIComponent(refreshToken)}`,
  });

export const adminMe = (app: FastifyInstance, headers: Record<string, string>) =>
  injectChecked(app, 'getAdminMe', { method: 'GET', url: '/api/v1/admin/auth/me', headers });

export const sendMagicLink = (app: FastifyInstance, email: string, remoteAddress = LOCALHOST) =>
  injectChecked(app, 'sendMagicLink', {
    method: 'POST',
    url: '/api/v1/auth/send-magic-link',
    payload: { email },
    remoteAddress,
  });

export const verifyMagicLink = (
  app: FastifyInstance,
  token: string,
  email: string,
  remoteAddress = LOCALHOST,
) =>
  injectChecked(app, 'verifyMagicLink', {
    method: 'POST',
    url: '/api/v1/auth/verify-magic-link',
    payload: { token, email },
    remoteAddress,
  });

export const customerMe = (app: FastifyInstance, headers: Record<string, string>) =>
  injectChecked(app, 'getCustomerMe', { method: 'GET', url: '/api/v1/auth/me', headers });

export const refreshCustomerToken = (app: FastifyInstance, refreshToken: string) =>
  injectChecked(app, 'refreshCustomerToken', {
    method: 'POST',
    url: `/api/v1/auth/refresh?refresh_token=${encodeURIComponent(refreshToken)}`,
  });

/** The answer to a refresh token used twice (taken as theft: the family is revoked). */
export const REFRESH_REUSED = 'Refresh token was already used or revoked; please sign in again';
