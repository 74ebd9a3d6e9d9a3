import { Button, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from './messages';

export interface ExportChoice<V extends string = string> {
  value: V;
  label: string;
}

export interface ExportMenuProps<V extends string> {
  /** One button per kind of file; a single choice makes 'Export CSV' itself start it. */
  choices: readonly ExportChoice<V>[];
  onExport: (choice: ExportChoice<V>) => void;
  /** An export is running (one at a time). */
  busy: boolean;
}

/** The 'Export CSV' action of a list's header: it offers the kinds of file, then exports one. */
export function ExportMenu<V extends string>({ choices, onExport, busy }: ExportMenuProps<V>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [only] = choices;
  if (choices.length === 1 && only)
    return (
      <Button variant="outline" disabled={busy} onClick={() => onExport(only)}>
        {t('exportCsv')}
      </Button>
    );
  return (
    <Flex gap="2" wrap="wrap" role="group" aria-label={t('exportCsv')}>
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
