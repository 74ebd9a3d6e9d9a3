// The mocks run the project's one request validator (contract/validator.ts, the server runs the
// same) on every request, and check every answer against the operation's response schema.
// A violation is answered like the server would (for requests) and reported (./violations.ts),
// which fails the story or the Vitest test.
import document from '../generated/openapi.json';
import { createContract, type OpenApiDocument } from '../contract';

export const contract = createContract(document as unknown as OpenApiDocument);
export { contractViolations } from './violations';
