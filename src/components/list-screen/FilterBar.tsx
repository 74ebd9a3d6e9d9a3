import { HStack, type NativeSelectRootProps } from '@chakra-ui/react';
import { DayField } from './DayField';
import { FilterSelect, type FilterOption } from './FilterSelect';
import { useT } from './messages';

const DAY_RANGE = ['from', 'to'] as const;

/** A filter of a FilterBar chosen from a list: which one, its accessible name, its choices. */
export type FilterBarSelect<F> = {
  [K in keyof F]: { key: K; label: string; options: readonly FilterOption<F[K] & string>[] };
}[keyof F];

/** The filters of a FilterBar: texts ('' is 'all'), `from` and `to` days as YYYY-MM-DD. */
type DayRangeFilters<F> = { [K in keyof F]: string } & { from: string; to: string };

interface FilterBarProps<F extends DayRangeFilters<F>> {
  filters: F;
  onChange: (filters: F) => void;
  selects: readonly FilterBarSelect<F>[];
  selectWidth: NativeSelectRootProps['width'];
}

/** A list's filters in its toolbar: a select for each of `selects`, then a range of days. */
export function FilterBar<F extends DayRangeFilters<F>>({
  filters,
  onChange,
  selects,
  selectWidth,
}: FilterBarProps<F>) {
  const t = useT();
  const set = (change: Partial<F>) => onChange({ ...filters, ...change });
  return (
    <>
      {selects.map(({ key, label, options }) => (
        <FilterSelect
          key={String(key)}
          label={label}
          options={options}
          value={filters[key]}
          // The value is one of the options of this key's filter.
          onChange={(value) => set({ [key]: value } as Partial<F>)}
          width={selectWidth}
        />
      ))}
      {/* From and to side by side, wrapping together: alone on a line, 'to' read as a new filter. */}
      <HStack gap="3" wrap="wrap">
        {DAY_RANGE.map((end) => (
          <DayField
            key={end}
            label={end === 'from' ? t('fromDate') : t('toDate')}
            value={filters[end]}
            onChange={(day) => set({ [end]: day } as Partial<F>)}
          />
        ))}
      </HStack>
    </>
  );
}
