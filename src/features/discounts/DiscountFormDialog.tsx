import { Button, Flex, SimpleGrid } from '@chakra-ui/react';
import type { Discount, DiscountKind, DiscountScope } from '@generated/model';
import {
  FormDialog,
  MoneyField,
  NUMBER_INPUT,
  RadioField,
  SelectField,
  SwitchField,
  TextField,
  useFormDialog,
  type ItemFormDialogProps,
} from '@/components/form';
import { useT } from './messages';
import {
  discountToValues,
  emptyDiscountValues,
  generateCode,
  validateDiscount,
  type DiscountFormValues,
} from './discount-form';
import { CategoryPicker, ProductPicker } from './ScopePickers';

const KINDS: readonly DiscountKind[] = ['percent', 'fixed_amount', 'free_shipping'];
const SCOPES: readonly DiscountScope[] = ['order', 'products', 'categories'];
/** The contract's bound of a usage limit. */
const MAX_LIMIT = 1_000_000_000;
/** The two usage limits: in all, and per customer (the same input, their own labels). */
const LIMITS = [
  { field: 'usage_limit', label: 'usageLimit' },
  { field: 'usage_limit_per_customer', label: 'usageLimitPerCustomer' },
] as const;

/**
 * Create/Edit Discount (docs/product.md, "Discounts"): name, code (Generate makes a readable one)
 * or automatic, kind and its value, scope and its products or categories, minimum subtotal,
 * period, usage limits, active. Invalid values get their messages and the toast 'Validation
 * Error' and send nothing; the server's refusal (a code taken: 409) is toasted as it says.
 */
export function DiscountFormDialog(props: ItemFormDialogProps<Discount, DiscountFormValues>) {
  const t = useT();
  const { values, setField, bind, bindSwitch, errorOf, dialog } = useFormDialog(props, {
    values: { empty: emptyDiscountValues, of: discountToValues },
    validate: validateDiscount,
    titles: [t('createTitle'), t('editTitle')],
    invalidTitle: t('validationError'),
  });
  const code = bind('code');

  return (
    <FormDialog {...dialog} size="xl">
      <TextField
        label={t('name')}
        required
        {...bind('name')}
        maxLength={100}
        placeholder={t('namePlaceholder')}
        helperText={t('nameHelper')}
      />
      <SwitchField
        label={t('automaticSwitch')}
        {...bindSwitch('automatic')}
        helperText={t('automaticHelper')}
      />
      {!values.automatic && (
        <Flex gap="2" align="flex-start">
          <TextField
            label={t('code')}
            required
            {...code}
            onChange={(text) => code.onChange(text.toUpperCase())}
            maxLength={32}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            helperText={t('codeHelper')}
          />
          <Button
            variant="outline"
            aria-label={t('generateCode')}
            title={t('generateCode')}
            // Level with the input: below the label's line, whatever the helper's length.
            mt="6.5"
            flexShrink={0}
            onClick={() => setField('code', generateCode())}
          >
            {t('generate')}
          </Button>
        </Flex>
      )}
      <RadioField
        label={t('kind')}
        value={values.kind}
        options={KINDS}
        optionLabel={(kind) => t(`kind.${kind}`)}
        onChange={(kind) => setField('kind', kind)}
      />
      {values.kind === 'percent' && (
        <TextField label={t('percent')} required {...bind('percent')} {...NUMBER_INPUT.percent} />
      )}
      {values.kind === 'fixed_amount' && (
        <MoneyField label={t('amount')} required {...bind('amount')} />
      )}
      <SelectField
        label={t('scope')}
        {...bind('scope')}
        onChange={(scope) => setField('scope', scope as DiscountScope)}
      >
        {SCOPES.map((scope) => (
          <option key={scope} value={scope}>
            {t(`scope.${scope}`)}
          </option>
        ))}
      </SelectField>
      {values.scope === 'products' && (
        <ProductPicker
          value={values.product_ids}
          onChange={(ids) => setField('product_ids', ids)}
          error={errorOf('product_ids')}
        />
      )}
      {values.scope === 'categories' && (
        <CategoryPicker
          value={values.category_ids}
          onChange={(ids) => setField('category_ids', ids)}
          error={errorOf('category_ids')}
        />
      )}
      <MoneyField
        label={t('minimumSubtotal')}
        {...bind('minimum_subtotal')}
        helperText={t('minimumHelper')}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label={t('startsOn')}
          {...bind('starts_on')}
          type="date"
          helperText={t('periodHelper')}
        />
        <TextField label={t('endsOn')} {...bind('ends_on')} type="date" />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {LIMITS.map(({ field, label }) => (
          <TextField
            key={field}
            label={t(label)}
            {...bind(field)}
            {...NUMBER_INPUT.positive}
            max={MAX_LIMIT}
            helperText={t('limitHelper')}
          />
        ))}
      </SimpleGrid>
      <SwitchField label={t('active')} {...bindSwitch('is_active')} />
    </FormDialog>
  );
}
