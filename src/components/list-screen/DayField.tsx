import { DateInput, parseDate } from '@chakra-ui/react';
import { useMemo } from 'react';
import { INTL_TAGS, useLocale } from '@/lib/i18n';

/** The last day a filter may name: a four-digit year (shopDayRange refuses a longer one). */
const LAST_DAY = parseDate('9999-12-31');

interface DayFieldProps {
  /** Shown beside the field, and its accessible name. */
  label: string;
  /** The day as YYYY-MM-DD; '' for none. */
  value: string;
  onChange: (day: string) => void;
}

/**
 * A day of a list's filters, typed part by part in the active language's order and placeholders
 * ('jj/mm/aaaa' in French, 'dd/mm/yyyy' in English, Arabic's own), with its label in view. A
 * native date input would follow the browser's language instead ('mm/dd/yyyy' in a French
 * screen), which the page cannot change (#26).
 */
export function DayField({ label, value, onChange }: DayFieldProps) {
  const locale = useLocale();
  const day = useMemo(() => (value ? [parseDate(value)] : []), [value]);
  return (
    <DateInput.Root
      locale={INTL_TAGS[locale]}
      value={day}
      max={LAST_DAY}
      // A day is sent once every part is typed; clearing a part clears the filter.
      onValueChange={({ value: days }) => onChange(days[0]?.toString() ?? '')}
      flexDirection="row"
      alignItems="center"
      gap="2"
      width="auto"
    >
      <DateInput.Label whiteSpace="nowrap" mb="0">
        {label}
      </DateInput.Label>
      <DateInput.Control minW="9rem">
        <DateInput.Segments />
      </DateInput.Control>
    </DateInput.Root>
  );
}
