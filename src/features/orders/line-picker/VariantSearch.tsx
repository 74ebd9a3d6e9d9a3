import { Box, Field, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { ListVariantsParams, Variant } from '@generated/model';
import {
  getListVariantsKey,
  listVariants,
  useListVariants,
} from '@generated/hooks/variants/variants';
import { useGetProduct } from '@generated/hooks/products/products';
import { formatMoney } from '@/lib/format';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useT } from './messages';

/** Results asked of the server per search: a picker is for picking, not browsing. */
const RESULTS = 8;
/** The contract caps `search` at 100 characters. */
const MAX_SEARCH = 100;
/** Typing pauses this long before the server is asked (Enter asks at once). */
const SEARCH_DEBOUNCE_MS = 250;

const searchParams = (text: string): ListVariantsParams => ({
  search: text.slice(0, MAX_SEARCH),
  is_active: true,
  page_size: RESULTS,
});

/** The variant whose SKU or barcode is exactly `text` (a scanner's code), if any. */
function exactCode(items: readonly Variant[], text: string): Variant | undefined {
  const code = text.trim().toLowerCase();
  return items.find(
    (v) => v.sku.toLowerCase() === code || (v.barcode ?? '').toLowerCase() === code,
  );
}

/** The product's name (SWR caches it: the results and the lines share one request a product). */
export function ProductName({ productId }: { productId: number }) {
  const product = useGetProduct(productId);
  return <>{product.data?.name ?? ''}</>;
}

export interface VariantSearchProps {
  /** Adds the variant chosen (Enter, a click, or a scanned code). */
  onPick: (variant: Variant) => void;
  disabled?: boolean;
}

/**
 * The picker's one search box (listVariants: name, SKU, variant title or barcode): the results
 * are a listbox the arrow keys move through; Enter adds the highlighted one, or at once the
 * variant whose SKU or barcode is exactly what was typed (a barcode scanner types, then sends
 * Enter, faster than the debounce).
 */
export function VariantSearch({ onPick, disabled = false }: VariantSearchProps) {
  const t = useT();
  const id = useId();
  const listId = `${id}-results`;
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const { mutate } = useSWRConfig();
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const settled = debounced === typed;
  const results = useListVariants(searchParams(debounced), {
    swr: { enabled: debounced !== '', keepPreviousData: true },
  });
  const items = typed === '' ? [] : (results.data?.items ?? []);
  const open = typed !== '' && (items.length > 0 || (settled && !results.isLoading));

  const pick = (variant: Variant) => {
    onPick(variant);
    setText('');
    setActive(0);
    input.current?.focus();
  };

  const onEnter = async () => {
    if (typed === '') return;
    // The results on screen answer what was typed (keepPreviousData shows the last ones meanwhile).
    const fresh = settled && !results.isLoading && !results.isValidating;
    const shown = fresh ? items : null;
    const exact = shown && exactCode(shown, typed);
    if (exact) return pick(exact);
    if (shown) {
      const highlighted = shown[active];
      if (highlighted) pick(highlighted);
      return;
    }
    // Not asked yet (a scanner is faster than the debounce): ask now.
    const params = searchParams(typed);
    let page;
    try {
      page = await listVariants(params);
    } catch {
      return; // the results' own request says it failed
    }
    void mutate(getListVariantsKey(params), page, { revalidate: false });
    const found = exactCode(page.items, typed);
    if (found) pick(found);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void onEnter();
    } else if (event.key === 'Escape' && typed !== '') {
      event.preventDefault();
      setText('');
    }
  };

  const optionId = (i: number) => `${id}-option-${i}`;
  const highlighted = Math.min(active, Math.max(items.length - 1, 0));

  return (
    <Box position="relative">
      <Field.Root disabled={disabled}>
        <Field.Label>{t('searchLabel')}</Field.Label>
        <Input
          ref={input}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && items.length > 0 ? optionId(highlighted) : undefined}
          autoComplete="off"
          maxLength={MAX_SEARCH}
          placeholder={t('searchPlaceholder')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <Field.HelperText>{t('searchHelp')}</Field.HelperText>
      </Field.Root>
      <Box
        as="ul"
        id={listId}
        role="listbox"
        aria-label={t('resultsLabel')}
        hidden={!open}
        position="absolute"
        zIndex="dropdown"
        insetInline="0"
        mt="1"
        bg="bg.panel"
        borderWidth="1px"
        rounded="md"
        shadow="md"
        maxH="20rem"
        overflowY="auto"
        listStyleType="none"
      >
        {items.map((v, i) => (
          <Box
            as="li"
            key={v.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === highlighted}
            px="3"
            py="2"
            cursor="pointer"
            bg={i === highlighted ? 'bg.emphasized' : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => pick(v)}
          >
            <Stack gap="0">
              <Text fontWeight="medium">
                <ProductName productId={v.product_id} />
                {v.variant_title && ` · ${v.variant_title}`}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                <bdi>{v.sku}</bdi>
                {' · '}
                {formatMoney(v.price_incl_vat)}
                {' · '}
                {v.track_inventory && !v.allow_backorder
                  ? t('inStock', { count: v.stock_quantity })
                  : t('notTracked')}
              </Text>
            </Stack>
          </Box>
        ))}
      </Box>
      {typed !== '' && (
        <Box aria-live="polite" mt="1" fontSize="sm" color="fg.muted">
          {results.isLoading || !settled ? (
            <Text as="span" display="inline-flex" gap="2" alignItems="center">
              <Spinner size="xs" />
              {t('searching')}
            </Text>
          ) : results.error ? (
            <Text as="span" color="fg.error">
              {t('searchFailed')}
            </Text>
          ) : (
            items.length === 0 && <Text as="span">{t('noMatch', { text: typed })}</Text>
          )}
        </Box>
      )}
    </Box>
  );
}
