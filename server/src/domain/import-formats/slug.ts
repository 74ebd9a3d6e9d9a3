// A slug for a product or category the file names but does not give a slug to (WooCommerce,
// PrestaShop): the name's letters and digits, accents removed, lower case, single hyphens.

/** The slug of a name, or null when no Latin letter or digit is left (then the caller picks one). */
export function slugOf(name: string, maxLength = 200): string | null {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
  return slug === '' ? null : slug;
}
