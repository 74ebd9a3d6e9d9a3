import { Center, Stack, Text } from '@chakra-ui/react';
import { useDropzone } from 'react-dropzone';
import { UploadIcon } from '@/components/icons';

export interface CsvDropzoneProps {
  /** Every file dropped or chosen, accepted or not: the caller checks type, count and size. */
  onPick: (files: File[]) => void;
  /** What to do ('Drop a CSV file here or click to choose one'). */
  title: string;
  /** What the file must be. */
  hint: string;
  /** The prefix of the zone's and the file input's test ids ('import': import-dropzone…). */
  testId: string;
  /** A smaller zone, inside a form with other fields. */
  compact?: boolean;
}

/**
 * The drop zone of a CSV upload (the product import, a carrier's remittance): one file, dropped
 * or picked with the browser's file chooser, which offers .csv files first.
 */
export function CsvDropzone({ onPick, title, hint, testId, compact = false }: CsvDropzoneProps) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'text/csv': ['.csv'] },
    multiple: false,
    // The caller's checks have their own messages: what was refused goes to it too.
    onDrop: (accepted, rejected) => onPick([...accepted, ...rejected.map(({ file }) => file)]),
  });
  return (
    <>
      <Center
        // Named by all of its visible text, the hint included (label in name, WCAG 2.5.3).
        {...getRootProps({ role: 'button' })}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={isDragActive ? 'colorPalette.solid' : 'border.emphasized'}
        bg={isDragActive ? 'colorPalette.subtle' : 'bg.subtle'}
        colorPalette="blue"
        rounded="md"
        minH={compact ? '7rem' : '10rem'}
        p={compact ? '4' : '6'}
        cursor="pointer"
        textAlign="center"
        _hover={{ bg: 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
        data-testid={`${testId}-dropzone`}
      >
        <Stack align="center" gap={compact ? '1' : '2'} color="fg.muted">
          <UploadIcon boxSize={compact ? '5' : '6'} />
          <Text fontWeight="medium" color="fg">
            {title}
          </Text>
          <Text fontSize="sm">{hint}</Text>
        </Stack>
      </Center>
      {/* Beside the drop zone, not in it: a button holds no other control. */}
      <input {...getInputProps()} aria-hidden="true" data-testid={`${testId}-file-input`} />
    </>
  );
}
