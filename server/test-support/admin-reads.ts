// Who may read the admin's reports and lists: the 401 and 403 answers of GET operations, checked
// one way by each test that guards a family of them (dashboard, customers overview).
import type { FastifyInstance } from 'fastify';
import type { AuthHeaders } from './app';
import { expectStatus } from './contract';

/**
 * Each `[operationId, url]` answers 401 without a token and 403 to each of `refused` (a role
 * without the right, a customer's token), every answer checked against its operation's contract.
 */
export async function expectReadsRefused(
  app: FastifyInstance,
  operations: readonly (readonly [operationId: string, url: string])[],
  refused: readonly AuthHeaders[],
): Promise<void> {
  for (const [operationId, url] of operations) {
    expectStatus(await app.inject({ method: 'GET', url }), 401, operationId);
    for (const headers of refused) {
      expectStatus(await app.inject({ method: 'GET', url, headers }), 403, operationId);
    }
  }
}
