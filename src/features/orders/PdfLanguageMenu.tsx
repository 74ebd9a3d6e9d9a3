import { Button, Menu, Portal, type ButtonProps } from '@chakra-ui/react';
import type { DocumentLanguageParameter } from '@generated/model';
import { useT } from './messages';

/** The languages a PDF is offered in: an order's documents and the orders list's prints alike. */
const LANGUAGES = [
  { value: 'en', label: 'pdfEnglish' },
  { value: 'fr', label: 'pdfFrench' },
] as const satisfies readonly { value: DocumentLanguageParameter; label: string }[];

export interface PdfLanguageMenuProps {
  label: string;
  /** The button's accessible name when `label` alone is ambiguous (one per document). */
  ariaLabel?: string | undefined;
  size?: ButtonProps['size'];
  /** A print is under way: the button waits. */
  busy?: boolean;
  disabled?: boolean;
  onSelect: (lang: DocumentLanguageParameter) => void;
}

/** A button opening the choice of the PDF's language. */
export function PdfLanguageMenu({
  label,
  ariaLabel,
  size = 'xs',
  busy = false,
  disabled = false,
  onSelect,
}: PdfLanguageMenuProps) {
  const t = useT();
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button
          size={size}
          variant="outline"
          aria-label={ariaLabel}
          disabled={disabled}
          loading={busy}
        >
          {label}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {LANGUAGES.map(({ value, label: key }) => (
              // The item's own click: the menu's onSelect only reports an item the pointer
              // or keyboard highlighted first, which a quick tap can skip.
              <Menu.Item key={value} value={value} onClick={() => onSelect(value)}>
                {t(key)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
