import { Button, Flex } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { CsvExport } from './csv-export';
import { FilterSelect } from './FilterSelect';
import { useT } from './messages';

export interface ExportChoice<V extends string = string> {
  value: V;
  label: string;
}

export interface ExportMenuProps<V extends string> {
  /** One button per kind of file; a single choice makes 'Export CSV' itself start it. */
  choices: readonly ExportChoice<V>[];
  onExport: (choice: ExportChoice<V>) => void;
  /**
   * The screen's export (useCsvExport): busy while one runs (one at a time), and the file's
   * variant (the language's until changed) with its change.
   */
  csv: Pick<CsvExport, 'progress' | 'separator' | 'setSeparator'>;
}

/** The 'Export CSV' action of a list's header: it offers the kinds of file, then exports one. */
export function ExportMenu<V extends string>({
  choices,
  onExport,
  csv: { progress, separator, setSeparator },
}: ExportMenuProps<V>) {
  const t = useT();
  const busy = progress !== null;
  const [open, setOpen] = useState(false);
  const separators = useMemo(
    () => [
      { value: 'comma' as const, label: t('separatorComma') },
      { value: 'semicolon' as const, label: t('separatorSemicolon') },
    ],
    [t],
  );
  // Which spreadsheet the file is for: offered beside the button, whatever the files.
  const variant = (
    <FilterSelect
      label={t('csvSeparator')}
      value={separator}
      options={separators}
      onChange={setSeparator}
      width={{ base: 'full', sm: 'auto' }}
    />
  );
  const [only] = choices;
  if (choices.length === 1 && only)
    return (
      <Flex gap="2" wrap="wrap" role="group" aria-label={t('exportCsv')}>
        {variant}
        <Button variant="outline" disabled={busy} onClick={() => onExport(only)}>
          {t('exportCsv')}
        </Button>
      </Flex>
    );
  return (
    <Flex gap="2" wrap="wrap" role="group" aria-label={t('exportCsv')}>
      {variant}
      <Button
        variant="outline"
        disabled={busy}
        aria-expanded={open}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('exportCsv')}
      </Button>
      {open &&
        choices.map((choice) => (
          <Button
            key={choice.value}
            variant="subtle"
            onClick={() => {
              setOpen(false);
              onExport(choice);
            }}
          >
            {choice.label}
          </Button>
        ))}
    </Flex>
  );
}
