import { Box, Center, Grid, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { useId, useMemo } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { UploadIcon, VideoIcon } from '@/components/icons';
import {
  DEFAULT_MAX_FILES,
  itemIds,
  MEDIA_RULES,
  mediaHint,
  moveItem,
  type MediaKind,
} from './media-rules';
import { SortableMediaTile } from './SortableMediaTile';
import { useMediaUpload } from './use-media-upload';

export interface MediaUploaderProps {
  kind: MediaKind;
  /** Media URLs in display order; the first is the primary one. */
  value: string[];
  onChange: (urls: string[]) => void;
  /** Most items the list may hold (existing plus new); 5 by default. */
  max?: number;
  disabled?: boolean;
  /** Told when an upload starts and ends (a form may hold its submit meanwhile). */
  onUploadingChange?: (uploading: boolean) => void;
  /** Accessible name of the grid, e.g. 'Product images'. */
  label?: string;
}

/**
 * The media uploader widget of the product forms (docs/product.md §2 'Media uploader widget', §5, §8): a grid
 * of images or videos, the first marked 'Primary', reordered by dragging (pointer or keyboard),
 * a hover button that removes an item, and an 'Upload image' / 'Upload video' tile.
 */
export function MediaUploader({
  kind,
  value,
  onChange,
  max = DEFAULT_MAX_FILES,
  disabled = false,
  onUploadingChange,
  label,
}: MediaUploaderProps) {
  const rules = MEDIA_RULES[kind];
  const hintId = useId();
  const { uploading, addFiles, removeAt } = useMediaUpload({
    kind,
    value,
    onChange,
    max,
    onUploadingChange,
  });

  const ids = useMemo(() => itemIds(value), [value]);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so clicks on the tile's buttons stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const accessibility = useMemo(() => {
    const noun = rules.noun;
    const Noun = `${noun[0]?.toUpperCase()}${noun.slice(1)}`;
    const at = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
    const announcements: Announcements = {
      onDragStart: ({ active }) => `Picked up ${noun} ${at(active.id)}.`,
      onDragOver: ({ active, over }) =>
        over
          ? `${Noun} ${at(active.id)} is over position ${at(over.id)} of ${ids.length}.`
          : `${Noun} ${at(active.id)} is no longer over a position.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${Noun} ${at(active.id)} was dropped at position ${at(over.id)} of ${ids.length}.`
          : `${Noun} ${at(active.id)} was dropped.`,
      onDragCancel: ({ active }) =>
        `Moving was cancelled. ${Noun} ${at(active.id)} stays where it was.`,
    };
    return {
      announcements,
      screenReaderInstructions: {
        draggable: `To move this ${noun}, press Space or Enter to pick it up, the arrow keys to move it, Space or Enter to drop it, Escape to cancel.`,
      },
    };
  }, [ids, rules.noun]);

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onChange(moveItem(value, from, to));
  }

  const busy = disabled || uploading;
  const full = value.length >= max;
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: rules.accept,
    multiple: true,
    disabled: busy || full,
    // Type, size and count are all checked by the uploader itself, on the whole selection.
    onDrop: (accepted: File[], rejected: FileRejection[]) =>
      void addFiles([...accepted, ...rejected.map((rejection) => rejection.file)]),
  });

  const tileLabel = uploading ? 'Uploading...' : `Upload ${rules.noun}`;

  return (
    <Stack gap="2">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={accessibility}
      >
        <SortableContext items={ids} strategy={rectSortingStrategy} disabled={busy}>
          <Grid
            role="list"
            aria-label={label ?? `${rules.plural[0]?.toUpperCase()}${rules.plural.slice(1)}`}
            aria-describedby={hintId}
            templateColumns="repeat(auto-fill, minmax(min(7.5rem, 100%), 1fr))"
            gap="3"
          >
            {value.map((url, index) => (
              <SortableMediaTile
                key={ids[index]}
                id={ids[index]!}
                url={url}
                kind={kind}
                index={index}
                disabled={busy}
                onRemove={() => removeAt(index)}
              />
            ))}
            {!full && (
              <Box role="listitem">
                <Center
                  {...getRootProps({
                    role: 'button',
                    'aria-label': tileLabel,
                    'aria-describedby': hintId,
                  })}
                  aspectRatio="1"
                  borderWidth="2px"
                  borderStyle="dashed"
                  borderColor={isDragActive ? 'colorPalette.solid' : 'border.emphasized'}
                  borderRadius="md"
                  bg={isDragActive ? 'colorPalette.subtle' : 'bg.subtle'}
                  color="fg.muted"
                  cursor={busy ? 'progress' : 'pointer'}
                  opacity={disabled ? 0.5 : 1}
                  transition="background 0.15s, border-color 0.15s"
                  _hover={busy ? undefined : { bg: 'bg.muted', color: 'fg' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
                  colorPalette="blue"
                  textAlign="center"
                  p="2"
                  data-testid={`upload-${kind}-tile`}
                  aria-busy={uploading}
                >
                  <input {...getInputProps()} data-testid={`upload-${kind}-input`} />
                  <Stack align="center" gap="2">
                    {uploading ? (
                      <Spinner size="md" />
                    ) : kind === 'image' ? (
                      <UploadIcon boxSize="6" />
                    ) : (
                      <VideoIcon boxSize="6" />
                    )}
                    <Text fontSize="sm" fontWeight="medium" aria-hidden="true">
                      {tileLabel}
                    </Text>
                  </Stack>
                </Center>
              </Box>
            )}
          </Grid>
        </SortableContext>
      </DndContext>
      <Text id={hintId} fontSize="xs" color="fg.muted">
        {mediaHint(kind, max)} Drag to reorder; the first {rules.noun} is the primary one.
      </Text>
    </Stack>
  );
}
