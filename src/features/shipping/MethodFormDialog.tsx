import { Box, Button, Flex, Grid, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ShippingMethod, ShippingRateKind, ShippingZone } from '@generated/model';
import {
  CheckboxesField,
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
import { PlusIcon, XIcon } from '@/components/icons';
import { GOVERNORATE_COUNTRY, GOVERNORATES } from '../../../server/src/domain/shipping';
import { useT } from './messages';
import { countryName, exampleText, governorateName, type ExampleOrder } from './shipping-display';
import {
  emptyMethodValues,
  methodToValues,
  newBand,
  pricingOf,
  TRACKING_PLACEHOLDER,
  validateMethod,
  type BandValues,
  type MethodFormValues,
} from './shipping-form';

/** An address in the template's form (La Poste tunisienne's), the same in every language. */
const TRACKING_EXAMPLE = `https://www.poste.tn/suivi?code=${TRACKING_PLACEHOLDER}`;
const KINDS: readonly ShippingRateKind[] = ['flat', 'weight', 'subtotal'];
/** The contract's bound of a method's bands. */
const MAX_BANDS = 50;
const NAMES = [
  { field: 'name_en', label: 'nameEn', dir: 'ltr' },
  { field: 'name_fr', label: 'nameFr', dir: 'ltr' },
  { field: 'name_ar', label: 'nameAr', dir: 'rtl' },
] as const;

export interface MethodFormDialogProps extends ItemFormDialogProps<
  ShippingMethod,
  MethodFormValues
> {
  /** Every zone of the shop: the ones to choose from, and where an example's address belongs. */
  zones: readonly ShippingZone[];
}

/**
 * Create/Edit Shipping Method (docs/product.md, "Shipping"): its names in the three languages,
 * its zones, its rate (flat, or bands by weight or by order amount), free from an amount, the
 * cash-on-delivery fee, the carrier and its tracking page, active, position; and a live example
 * pricing an order as checkout will. Invalid values get their messages and the toast
 * 'Validation Error' and send nothing; the server's refusals are toasted as it says them.
 */
export function MethodFormDialog({ zones, ...props }: MethodFormDialogProps) {
  const t = useT();
  const { values, setField, bind, bindSwitch, errorOf, dialog } = useFormDialog(props, {
    values: { empty: emptyMethodValues, of: methodToValues },
    validate: validateMethod,
    titles: [t('createMethodTitle'), t('editMethodTitle')],
    invalidTitle: t('validationError'),
  });

  return (
    <FormDialog {...dialog} size="xl">
      {NAMES.map(({ field, label, dir }) => (
        <TextField
          key={field}
          label={t(label)}
          required
          {...bind(field)}
          maxLength={100}
          dir={dir}
        />
      ))}
      <CheckboxesField
        legend={t('zones')}
        choices={zones.map((zone) => ({ value: zone.id, label: zone.name }))}
        value={values.zone_ids}
        onChange={(ids) => setField('zone_ids', ids)}
        error={errorOf('zone_ids')}
        emptyText={t('noZonesYet')}
      />
      <RadioField
        label={t('rateKind')}
        value={values.rate_kind}
        options={KINDS}
        optionLabel={(kind) => t(`rateKind.${kind}`)}
        onChange={(kind) => setField('rate_kind', kind)}
      />
      {values.rate_kind === 'flat' ? (
        <MoneyField label={t('flatPrice')} required {...bind('flat_price')} />
      ) : (
        <Bands
          kind={values.rate_kind}
          bands={values.bands}
          onChange={(bands) => setField('bands', bands)}
          error={errorOf('bands')}
        />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <MoneyField
          label={t('freeAbove')}
          {...bind('free_above')}
          helperText={t('freeAboveHelper')}
        />
        <MoneyField label={t('codFee')} {...bind('cod_fee')} helperText={t('codFeeHelper')} />
      </SimpleGrid>
      <Example values={values} zones={zones} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label={t('carrier')}
          {...bind('carrier')}
          maxLength={100}
          helperText={t('carrierHelper')}
        />
        <TextField
          label={t('position')}
          {...bind('position')}
          {...NUMBER_INPUT.count}
          max={100_000}
          helperText={t('methodPositionHelper')}
        />
      </SimpleGrid>
      <TextField
        label={t('trackingTemplate')}
        {...bind('tracking_url_template')}
        maxLength={500}
        type="url"
        dir="ltr"
        placeholder={TRACKING_EXAMPLE}
        helperText={t('trackingHelper', { placeholder: TRACKING_PLACEHOLDER })}
      />
      <SwitchField label={t('active')} {...bindSwitch('is_active')} />
    </FormDialog>
  );
}

interface BandsProps {
  kind: Exclude<ShippingRateKind, 'flat'>;
  bands: readonly BandValues[];
  onChange: (bands: BandValues[]) => void;
  error: string | undefined;
}

/** The bands of a weight or order-amount rate: a limit and a price a row, rows added and removed. */
function Bands({ kind, bands, onChange, error }: BandsProps) {
  const t = useT();
  const change = (index: number, band: Partial<BandValues>) =>
    onChange(bands.map((b, i) => (i === index ? { ...b, ...band } : b)));
  return (
    <Stack gap="3" role="group" aria-label={t('bands')}>
      <Text fontSize="sm" fontWeight="medium">
        {t('bands')}
      </Text>
      {bands.map((band, index) => {
        const n = index + 1;
        return (
          <Grid key={index} templateColumns="1fr 1fr auto" gap="3" alignItems="end">
            <TextField
              label={t(kind === 'weight' ? 'bandUpToKg' : 'bandUpToAmount', { n })}
              value={band.up_to}
              onChange={(up_to) => change(index, { up_to })}
              {...(kind === 'weight' ? NUMBER_INPUT.measure : NUMBER_INPUT.money)}
              step="0.001"
            />
            <MoneyField
              label={t('bandPrice', { n })}
              value={band.price}
              onChange={(price) => change(index, { price })}
            />
            <Button
              variant="ghost"
              aria-label={t('removeBand', { n })}
              title={t('removeBand', { n })}
              disabled={bands.length === 1}
              onClick={() => onChange(bands.filter((_, i) => i !== index))}
            >
              <XIcon />
            </Button>
          </Grid>
        );
      })}
      <Box>
        <Button
          variant="outline"
          size="sm"
          disabled={bands.length >= MAX_BANDS}
          onClick={() => onChange([...bands, newBand()])}
        >
          <PlusIcon />
          {t('addBand')}
        </Button>
      </Box>
      {error ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {error}
        </Text>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t('bandsHelper')}
        </Text>
      )}
    </Stack>
  );
}

/** The example's first order: 2.4 kg worth 100 TND to Sfax (the issue's own example). */
const FIRST_EXAMPLE: ExampleOrder = { weight: '2.4', amount: '100', destination: 'TN-61' };

/**
 * The live example: an order's weight, total and destination (a governorate of Tunisia or a
 * country of the shop's zones), and what the form's rate charges it now.
 */
function Example({ values, zones }: { values: MethodFormValues; zones: readonly ShippingZone[] }) {
  const t = useT();
  const [order, setOrder] = useState(FIRST_EXAMPLE);
  const abroad = [
    ...new Set(zones.flatMap((zone) => zone.countries).filter((c) => c !== GOVERNORATE_COUNTRY)),
  ];
  const lines = exampleText(pricingOf(values), values.zone_ids, zones, order);
  return (
    <Box
      borderWidth="1px"
      borderRadius="md"
      p="3"
      role="group"
      aria-label={t('example')}
      data-testid="shipping-example"
    >
      <Text fontSize="sm" fontWeight="medium" mb="2">
        {t('example')}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <TextField
          label={t('exampleWeight')}
          value={order.weight}
          onChange={(weight) => setOrder({ ...order, weight })}
          {...NUMBER_INPUT.measure}
          step="0.001"
        />
        <MoneyField
          label={t('exampleAmount')}
          value={order.amount}
          onChange={(amount) => setOrder({ ...order, amount })}
        />
        <SelectField
          label={t('exampleDestination')}
          value={order.destination}
          onChange={(destination) => setOrder({ ...order, destination })}
        >
          {GOVERNORATES.map((g) => (
            <option key={g.code} value={g.code}>
              {governorateName(g.code)}
            </option>
          ))}
          {abroad.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <Flex direction="column" mt="3" aria-live="polite" data-testid="shipping-example-text">
        {lines.map((line) => (
          <Text key={line} fontSize="sm">
            {line}
          </Text>
        ))}
      </Flex>
    </Box>
  );
}
