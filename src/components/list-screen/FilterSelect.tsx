import type { NativeSelectRootProps } from '@chakra-ui/react';
import { Select } from '@/components/form';

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

/** A filter's choices: 'all' (the value '') labelled `all`, then each of `values`. */
export function filterChoices<V extends string>(
  all: string,
  values: readonly V[],
  label: (value: V) => string,
): FilterOption<V | ''>[] {
  return [{ value: '', label: all }, ...values.map((value) => ({ value, label: label(value) }))];
}

/**
 * One filter of a list's toolbar: a native select labelled `label` whose value is always one of
 * `options` (an 'all' choice among them).
 */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  width = { base: 'full', md: '40' },
}: {
  label: string;
  value: V;
  options: readonly FilterOption<V>[];
  onChange: (value: V) => void;
  width?: NativeSelectRootProps['width'];
}) {
  return (
    <Select
      width={width}
      aria-label={label}
      value={value}
      options={options}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.currentTarget.value);
        if (chosen) onChange(chosen.value);
      }}
    />
  );
}
