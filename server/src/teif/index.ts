// TEIF e-invoices (#30 part 5; docs/product.md §10.29): the room that turns a frozen invoice or
// credit note into TTN's El Fatoora XML and carries it to TTN. Like documents/, it works on the
// data it is given and imports no service, route, job or database code (eslint.walls.js); the
// service services/billing/teif.ts reads the documents, records the answers and runs the job.
//   teif-xml.ts   the XML of a document (pure, deterministic)
//   teif.xsd      the schema written from TTN's published structure; validate.ts checks against it
//   sign.ts       the XAdES-BES signature (RSA-SHA256) with the TEIF_CERT_P12 certificate
//   ttn-client.ts the submission to TTN_URL (pluggable TtnClient) and its protocol
//   status.ts     the document's teif as the API shows it
export { teifXml, type TeifDocument } from './teif-xml';
export { teifErrors } from './validate';
export { signTeif } from './sign';
export { httpTtnClient, TtnUnreachable, type TtnClient } from './ttn-client';
export { presentTeif, TEIF_COLUMNS, type TeifColumns } from './status';
