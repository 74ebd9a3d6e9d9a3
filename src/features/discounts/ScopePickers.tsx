import { Field, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { useListAdminCategories } from '@generated/hooks/categories/categories';
import { useGetProduct, useListAdminProducts } from '@generated/hooks/products/products';
import { CheckboxesField, RemovableChip } from '@/components/form';
import { PlusIcon } from '@/components/icons';
import { useDebouncedValue } from '@/lib/hooks/use-debounced-value';
import { useT } from './messages';

/** Results asked of the server per search: a picker is for picking, not browsing. */
const RESULTS = 8;
/** The contract caps `search` at 100 characters. */
const MAX_SEARCH = 100;
/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250;

interface PickerProps {
  /** The ids chosen. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** The field's message (none chosen), shown under it. */
  error?: string | undefined;
}

/** A chosen product: its name (one cached request a product) and a button that removes it. */
function ChosenProduct({ id, onRemove }: { id: number; onRemove: () => void }) {
  const t = useT();
  const product = useGetProduct(id);
  const name = product.data?.name ?? `#${id}`;
  return (
    <RemovableChip
      name={name}
      removeLabel={t('removeItem', { name })}
      onRemove={onRemove}
      testId="chosen-product"
    />
  );
}

/**
 * The products of a products scope: a search (listAdminProducts by name or SKU) whose results
 * are added with a click, and the products chosen, each removable.
 */
export function ProductPicker({ value, onChange, error }: PickerProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const typed = text.trim().slice(0, MAX_SEARCH);
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useListAdminProducts(
    { search, limit: RESULTS },
    { swr: { enabled: search !== '', keepPreviousData: true } },
  );
  const found = typed === '' ? [] : (results.data ?? []).filter((p) => !value.includes(p.id));
  const nothing = typed !== '' && search === typed && results.data?.length === 0;

  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label htmlFor={`${id}-search`}>
        {t('products')}
        <Field.RequiredIndicator />
      </Field.Label>
      {value.length > 0 && (
        <Wrap as="ul" gap="2" mb="2" listStyleType="none" aria-label={t('products')}>
          {value.map((productId) => (
            <ChosenProduct
              key={productId}
              id={productId}
              onRemove={() => onChange(value.filter((v) => v !== productId))}
            />
          ))}
        </Wrap>
      )}
      <Input
        id={`${id}-search`}
        aria-label={t('productSearch')}
        placeholder={t('productSearchPlaceholder')}
        value={text}
        maxLength={MAX_SEARCH}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      {found.length > 0 && (
        <Stack as="ul" gap="1" mt="2" listStyleType="none" aria-label={t('productSearch')}>
          {found.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                className="row-action"
                aria-label={t('addProduct', { name: product.name })}
                onClick={() => {
                  onChange([...value, product.id]);
                  setText('');
                }}
              >
                <PlusIcon boxSize="3.5" /> {product.name}
              </button>
            </li>
          ))}
        </Stack>
      )}
      {nothing && (
        <Text fontSize="sm" color="fg.muted" mt="2">
          {t('noProductFound', { text: typed })}
        </Text>
      )}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * The categories of a categories scope: one checkbox each (listAdminCategories), the ids chosen
 * in the list's order (the form kit's CheckboxesField, as the shipping forms' zones).
 */
export function CategoryPicker({ value, onChange, error }: PickerProps) {
  const t = useT();
  const categories = useListAdminCategories();
  const choices = useMemo(
    () => (categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
    [categories.data],
  );
  return (
    <CheckboxesField
      legend={t('categories')}
      choices={choices}
      value={value}
      onChange={onChange}
      error={error}
      // Said once the categories are there, not while they load.
      emptyText={categories.data ? t('noCategories') : undefined}
    />
  );
}
