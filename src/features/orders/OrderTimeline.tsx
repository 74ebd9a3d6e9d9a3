import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { OrderTimelineEvent } from '@generated/model';
import { TextAreaField } from '@/components/form';
import { formatDateTime } from '@/lib/format';
import { describeEvent, NOTE_MAX_LENGTH, validateNote } from './order-paperwork';
import { PanelPending, Section } from './OrderSection';
import { TrackingNumber } from './ShipmentForm';
import { useT } from './messages';

export interface OrderTimelineProps {
  /** The events, oldest first; undefined until loaded. */
  events: OrderTimelineEvent[] | undefined;
  failed: boolean;
  onRetry: () => void;
  /**
   * Sends the note (trimmed); resolves true once it was saved, so the form is emptied. Without it
   * (an admin who may not write orders) there is no note form.
   */
  onAddNote?: ((note: string) => Promise<boolean>) | undefined;
}

/**
 * What happened to the order, oldest first like the server sends it: it reads as the order's
 * story, and a note just added lands next to the form that wrote it.
 */
export function OrderTimeline({ events, failed, onRetry, onAddNote }: OrderTimelineProps) {
  const t = useT();
  return (
    <Section title={t('timeline')} testId="order-timeline">
      <Stack gap="5">
        {events === undefined ? (
          <PanelPending
            loadingText={t('timelinePending')}
            failedText={t('timelineFailed')}
            failed={failed}
            onRetry={onRetry}
          />
        ) : (
          <Stack as="ol" gap="3" listStyleType="none">
            {events.map((event) => (
              <TimelineEntry key={event.id} event={event} />
            ))}
          </Stack>
        )}
        {onAddNote && <NoteForm onAddNote={onAddNote} />}
      </Stack>
    </Section>
  );
}

function TimelineEntry({ event }: { event: OrderTimelineEvent }) {
  const t = useT();
  const { sentence, detail } = describeEvent(event);
  return (
    <Box as="li" borderStartWidth="2px" ps="3" data-testid="timeline-event">
      <Text fontWeight="medium">{sentence}</Text>
      {detail && (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid="timeline-detail">
          {detail}
        </Text>
      )}
      {/* The carrier's tracking page, as the shipment panel links it (#36). */}
      {event.type === 'shipment' && event.tracking_url && (
        <Text fontSize="sm">
          {t('trackingPage')}{' '}
          <TrackingNumber number={event.tracking_number} url={event.tracking_url} />
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        {formatDateTime(event.created_at)}
        {event.changed_by && t('changedBy', { user: event.changed_by })}
      </Text>
    </Box>
  );
}

function NoteForm({ onAddNote }: { onAddNote: NonNullable<OrderTimelineProps['onAddNote']> }) {
  const t = useT();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateNote(note);
    setError(problem);
    if (problem || saving) return;
    setSaving(true);
    const saved = await onAddNote(note.trim());
    setSaving(false);
    if (saved) setNote('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="2">
        <TextAreaField
          label={t('internalNote')}
          helperText={t('noteHelp')}
          name="note"
          value={note}
          maxLength={NOTE_MAX_LENGTH}
          counter
          onChange={(value) => {
            setNote(value);
            if (error) setError(validateNote(value));
          }}
          error={error ?? undefined}
          disabled={saving}
        />
        <Box>
          <Button type="submit" size="sm" loading={saving}>
            {t('addNote')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
