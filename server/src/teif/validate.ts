// Validation of a TEIF against the schema committed beside it (teif.xsd), by libxml2's xmllint
// compiled to WebAssembly (no native binary to install). The schema is read once.
import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

let schema: Promise<string> | undefined;
const teifSchema = () => (schema ??= readFile(new URL('./teif.xsd', import.meta.url), 'utf8'));

/** What xmllint found wrong; empty when the document is well-formed and valid. */
export async function teifErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'teif.xml', contents: xml }],
    schema: [{ fileName: 'teif.xsd', contents: await teifSchema() }],
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}
