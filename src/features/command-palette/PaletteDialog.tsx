import { Box, Dialog, Portal, Text } from '@chakra-ui/react';
import { Command } from 'cmdk';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useListAdminOrders } from '@generated/hooks/orders/orders';
import { useListAdminProducts } from '@generated/hooks/products/products';
import { useListVariants } from '@generated/hooks/variants/variants';
import { navItemsFor, reportItemsFor } from '@/components/layout/nav-items';
import { useCan, type Permission } from '@/lib/auth/permissions';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { paths } from '@/lib/paths';
import { useT } from './messages';

/** Matches asked of the server per kind: a palette is for jumping, the lists are for browsing. */
const LIMIT = 5;
/** Shorter queries match half the catalogue; the contract caps `search` at 100 characters. */
const MIN_SEARCH = 2;
const MAX_SEARCH = 100;

interface Entry {
  key: string;
  label: string;
  detail?: string;
  href: string;
  /** Offered to the admins holding it only (the permission of the route it opens). */
  permission?: Permission;
}

/**
 * Ctrl+K's dialog (loaded with cmdk on the first open): the screens the admin may open and the
 * common actions, filtered here, and products (by name, or a variant's SKU) and orders (number or
 * customer) the server finds. Arrows move, Enter opens, Escape closes; a polite live region says
 * how many results there are.
 */
export function PaletteDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [, navigate] = useLocation();
  const can = useCan();
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const needle = query.trim().toLowerCase();
  const { products, orders, searching } = useServerMatches(
    useDebouncedValue(needle.slice(0, MAX_SEARCH), 250),
    can,
  );
  const local = (entries: Entry[]) =>
    entries.filter(
      (e) =>
        (e.permission === undefined || can(e.permission)) && e.label.toLowerCase().includes(needle),
    );
  const groups: [string, Entry[]][] = [
    [
      t('screens'),
      local(
        [...navItemsFor(can), ...reportItemsFor(can)].map((item) => ({
          key: item.href,
          label: item.label(),
          href: item.href,
        })),
      ),
    ],
    [
      t('actions'),
      local([
        {
          key: 'new-product',
          label: t('newProduct'),
          href: paths.products.create,
          permission: 'products:write',
        },
        {
          key: 'new-category',
          label: t('newCategory'),
          href: paths.categories.create,
          permission: 'categories:write',
        },
      ]),
    ],
    [t('products'), products],
    [t('orders'), orders],
  ];
  const count = groups.reduce((sum, [, entries]) => sum + entries.length, 0);

  const open = (href: string) => {
    onClose();
    navigate(href);
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      placement="top"
      size="lg"
      initialFocusEl={() => input.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="command-palette" overflow="hidden">
            <Dialog.Title srOnly>{t('title')}</Dialog.Title>
            <Box asChild css={PALETTE_CSS}>
              <Command shouldFilter={false} loop vimBindings={false} label={t('title')}>
                <Command.Input
                  ref={input}
                  value={query}
                  onValueChange={setQuery}
                  placeholder={t('placeholder')}
                />
                {/* A listbox must hold options (axe): hidden while empty, its messages beside it. */}
                <Command.List hidden={count === 0} label={t('suggestions')}>
                  {groups.map(
                    ([heading, entries]) =>
                      entries.length > 0 && (
                        <Command.Group key={heading} heading={heading}>
                          {entries.map((entry) => (
                            <Command.Item
                              key={entry.key}
                              value={entry.key}
                              onSelect={() => open(entry.href)}
                            >
                              {/* Names, SKUs and e-mails keep their own direction in Arabic. */}
                              <Text as="span" dir="auto">
                                {entry.label}
                              </Text>
                              {entry.detail && (
                                <Text as="span" color="fg.muted" dir="auto">
                                  {entry.detail}
                                </Text>
                              )}
                            </Command.Item>
                          ))}
                        </Command.Group>
                      ),
                  )}
                </Command.List>
                {searching && (
                  <Command.Loading label={t('searching')}>{t('searching')}</Command.Loading>
                )}
                {!searching && <Command.Empty>{t('empty')}</Command.Empty>}
              </Command>
            </Box>
            <Box role="status" aria-live="polite" srOnly>
              {t('results', { count })}
            </Box>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The server's matches for `search` (nothing while it is short): products (they open the product
 * form, so only for admins who may edit products) and orders (for those who may read them).
 */
function useServerMatches(search: string, can: (permission: Permission) => boolean) {
  const enabled = search.length >= MIN_SEARCH;
  const catalogue = { swr: { enabled: enabled && can('products:write') } };
  const byName = useListAdminProducts({ search, limit: LIMIT }, catalogue);
  const bySku = useListVariants({ search, page_size: LIMIT }, catalogue);
  const orders = useListAdminOrders(
    { search, limit: LIMIT },
    { swr: { enabled: enabled && can('orders:read') } },
  );
  if (!enabled) return { products: [], orders: [], searching: false };
  const products: Entry[] = [
    ...(byName.data ?? []).map((p) => ({
      key: `product-${p.id}`,
      label: p.name,
      href: paths.products.edit(p.id),
    })),
    ...(bySku.data?.items ?? []).map((v) => ({
      key: `variant-${v.id}`,
      label: v.sku,
      href: paths.products.edit(v.product_id),
    })),
  ];
  return {
    products,
    orders: (orders.data ?? []).map((o) => ({
      key: `order-${o.id}`,
      label: o.order_number,
      detail: o.customer_email,
      href: paths.orders.detail(o.id),
    })),
    searching: byName.isLoading || bySku.isLoading || orders.isLoading,
  };
}

/** cmdk renders unstyled parts, addressed by its attributes. */
const PALETTE_CSS = {
  '& [cmdk-input]': {
    width: 'full',
    px: '4',
    py: '3',
    fontSize: 'md',
    bg: 'transparent',
    color: 'fg',
    borderBottomWidth: '1px',
    outline: 'none',
  },
  '& [cmdk-list]': { maxH: '24rem', overflowY: 'auto', p: '2' },
  '& [cmdk-group-heading]': {
    px: '2',
    pt: '2',
    pb: '1',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
  },
  '& [cmdk-item]': {
    display: 'flex',
    justifyContent: 'space-between',
    gap: '3',
    px: '2',
    py: '2',
    borderRadius: 'l2',
    cursor: 'pointer',
  },
  '& [cmdk-item][data-selected=true]': { bg: 'bg.muted' },
  '& [cmdk-empty], & [cmdk-loading]': { px: '2', py: '6', textAlign: 'center', color: 'fg.muted' },
};
