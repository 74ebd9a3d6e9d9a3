import type { ShippingZone } from '@generated/model';
import {
  CheckboxesField,
  FormDialog,
  NUMBER_INPUT,
  TextField,
  useFormDialog,
  type ItemFormDialogProps,
} from '@/components/form';
import { GOVERNORATE_COUNTRY, GOVERNORATES } from '../../../server/src/domain/shipping';
import { useT } from './messages';
import { CountryPicker } from './pickers';
import { governorateName } from './shipping-display';
import { emptyZoneValues, validateZone, zoneToValues, type ZoneFormValues } from './shipping-form';

/**
 * Create/Edit Shipping Zone (docs/product.md, "Shipping"): its name, its countries and, with
 * Tunisia among them, the governorates it narrows Tunisia to (none: the whole country), and its
 * place in the matching order. Invalid values get their messages and the toast 'Validation
 * Error' and send nothing; the server's refusal (a name taken: 409) is toasted as it says.
 */
export function ZoneFormDialog(props: ItemFormDialogProps<ShippingZone, ZoneFormValues>) {
  const t = useT();
  const { values, setField, bind, errorOf, dialog } = useFormDialog(props, {
    values: { empty: emptyZoneValues, of: zoneToValues },
    validate: validateZone,
    titles: [t('createZoneTitle'), t('editZoneTitle')],
    invalidTitle: t('validationError'),
  });
  const governorates = GOVERNORATES.map((g) => ({ value: g.code, label: governorateName(g.code) }));

  return (
    <FormDialog {...dialog} size="lg">
      <TextField
        label={t('name')}
        required
        {...bind('name')}
        maxLength={100}
        placeholder={t('zoneNamePlaceholder')}
      />
      <CountryPicker
        value={values.countries}
        onChange={(codes) => setField('countries', codes)}
        error={errorOf('countries')}
      />
      {values.countries.includes(GOVERNORATE_COUNTRY) && (
        <CheckboxesField
          legend={t('governorates')}
          helperText={t('governoratesHelper')}
          choices={governorates}
          value={values.governorates}
          onChange={(codes) => setField('governorates', codes)}
        />
      )}
      <TextField
        label={t('position')}
        {...bind('position')}
        {...NUMBER_INPUT.count}
        max={100_000}
        helperText={t('zonePositionHelper')}
      />
    </FormDialog>
  );
}
