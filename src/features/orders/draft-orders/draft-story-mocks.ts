// The staff order stories' mock of a draft's creation, shared by the screen's story files.
import { HttpResponse } from 'msw';
import type { DraftOrderInput } from '@generated/model';
import { draftOrders as drafts, pricedDraft } from '@mocks/fixtures/draft-orders';
import { draftOrders } from '@mocks/handlers';

/**
 * POST /admin/draft-orders (201): the draft the body makes, priced as the server does. The mock
 * keeps nothing, so the new draft takes the id of a fixture: its PUTs and completion find it.
 */
export const createDraftAsFixture = draftOrders.create.reply(({ body }) =>
  HttpResponse.json(
    pricedDraft(body as DraftOrderInput, {
      id: 1,
      created_by: 'admin',
      created_at: drafts[0]!.created_at,
      updated_at: drafts[0]!.updated_at,
    }),
    { status: 201 },
  ),
);
