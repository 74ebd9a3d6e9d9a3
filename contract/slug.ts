/**
 * Slug from a name (docs/product.md §2, product form): lower case, each run of non-alphanumeric characters
 * becomes one hyphen, leading and trailing hyphens trimmed. Accented letters keep their base letter
 * ("Été" → "ete") so that slugs stay within the API's [a-z0-9-] pattern. One rule for the console's
 * forms and the server's demo seed.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
