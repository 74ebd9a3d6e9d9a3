import type { ApiTokenCreate, ApiTokenCreated } from '@generated/model';
import { scopeProblem } from '../../server/src/domain/api-token-scopes';
import { apiTokens as fixtures } from '../fixtures/api-tokens';
import { roleOfAdminToken } from './access';
import * as crud from './crud';
import { endpoint, json, newId, now } from './endpoint';

const issue = (loc: (string | number)[], msg: string) =>
  json({ detail: [{ loc, msg, type: 'value_error' }] }, 422);

/** API tokens (#31): the list, a creation answering the secret once, and revocation. */
export const apiTokens = {
  /** GET /admin/api-tokens/: `items` (default: the fixtures), the newest first. */
  list: crud.listOf('/admin/api-tokens/', fixtures, (items) => json(items)),
  /**
   * POST /admin/api-tokens/ (201) with a made-up secret, refused as the server refuses it: a
   * blank name, a scope the caller's role lacks or api_tokens:manage, an expiry in the past.
   */
  create: endpoint('post', '/admin/api-tokens/', () => ({ request, body }) => {
    const input = body as ApiTokenCreate;
    const name = input.name.trim();
    if (name === '') return issue(['body', 'name'], 'The name must not be blank');
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const problem = scopeProblem(roleOfAdminToken(bearer), input.scopes);
    if (problem) return issue(['body', 'scopes', problem.index], problem.msg);
    if (input.expires_at && new Date(input.expires_at).getTime() <= Date.now()) {
      return issue(['body', 'expires_at'], 'The expiry must be in the future');
    }
    const id = newId();
    const created: ApiTokenCreated = {
      id,
      name,
      prefix: 'shp_N3wT0k3nAbCd',
      scopes: input.scopes,
      created_at: now(),
      created_by: 'admin',
      expires_at: input.expires_at ?? null,
      last_used_at: null,
      last_used_ip: null,
      revoked_at: null,
      token: 'shp_N3wT0k3nAbCd_sEcReT0123456789abcdefghijklmnop',
    };
    return json(created, 201);
  }),
  /** DELETE /admin/api-tokens/{id} (204) of one of `items`, else 404 'API token not found'. */
  revoke: crud.remove('/admin/api-tokens/:id', fixtures, 'API token'),
};
