import { Button, Menu, Portal } from '@chakra-ui/react';

export interface ExportChoice<V extends string = string> {
  value: V;
  label: string;
}

export interface ExportMenuProps<V extends string> {
  /** One item per kind of file; a single choice makes a plain button. */
  choices: readonly ExportChoice<V>[];
  onExport: (choice: ExportChoice<V>) => void;
  /** An export is running (one at a time). */
  busy: boolean;
}

/** The 'Export CSV' action of a list's header. */
export function ExportMenu<V extends string>({ choices, onExport, busy }: ExportMenuProps<V>) {
  const [only] = choices;
  if (choices.length === 1 && only)
    return (
      <Button variant="outline" disabled={busy} onClick={() => onExport(only)}>
        Export CSV
      </Button>
    );
  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      onSelect={({ value }) => {
        const choice = choices.find((c) => c.value === value);
        if (choice) onExport(choice);
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="outline" disabled={busy}>
          Export CSV
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {choices.map((choice) => (
              <Menu.Item key={choice.value} value={choice.value}>
                {choice.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
