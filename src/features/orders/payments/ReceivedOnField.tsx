import { Stack, Text } from '@chakra-ui/react';
import { DayField } from '@/components/list-screen/DayField';

/** The day money came in (or went back), with its message under it. */
export function ReceivedOnField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  /** YYYY-MM-DD; '' for none. */
  value: string;
  /** The message to show, if any (the form decides when). */
  error: string | undefined;
  onChange: (day: string) => void;
}) {
  return (
    <Stack gap="1">
      <DayField label={label} value={value} onChange={onChange} />
      {error && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="received-on-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
