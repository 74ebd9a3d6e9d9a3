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
  acceptOf,
  DEFAULT_MAX_FILES,
  itemIds,
  mediaHint,
  mediaLimits,
  moveItem,
  type MediaKind,
  type MediaLimits,
} from './media-rules';
import type { MediaApi } from './media-api';
import { useT } from './messages';
import { SortableMediaTile } from './SortableMediaTile';
import { useMediaUpload } from './use-media-upload';

export interface MediaUploaderProps {
  kind: MediaKind;
  /** Stores the files and signs their previews (src/features/media's mediaApi). */
  api: MediaApi;
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
  /** Fewer formats or a smaller file size than the kind's (the shop's logo). */
  limits?: Partial<MediaLimits>;
}

/**
 * The media uploader widget of the product forms (docs/product.md §2 'Media uploader widget', §5, §8): a grid
 * of images or videos, the first marked 'Primary', reordered by dragging (pointer or keyboard),
 * a hover button that removes an item, and an 'Upload image' / 'Upload video' tile.
 */
export function MediaUploader(props: MediaUploaderProps) {
  const {
    kind,
    api,
    value,
    onChange,
    max = DEFAULT_MAX_FILES,
    disabled = false,
    label,
    limits: narrower,
  } = props;
  const t = useT();
  const extensionsKey = narrower?.extensions?.join();
  const maxFileSize = narrower?.maxFileSize;
  // By value: a caller's inline object must not remake the dropzone at every render.
  const limits = useMemo(
    () => mediaLimits(kind, { extensions: extensionsKey?.split(','), maxFileSize }),
    [kind, extensionsKey, maxFileSize],
  );
  const accept = useMemo(() => acceptOf(kind, limits), [kind, limits]);
  const hintId = useId();
  // The upload works on the uploader's own props, with the maximum and the limits resolved.
  const { uploading, addFiles, removeAt } = useMediaUpload({ ...props, max, limits });

  const ids = useMemo(() => itemIds(value), [value]);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so clicks on the tile's buttons stay clicks.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const accessibility = useMemo(() => {
    const at = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
    const total = ids.length;
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('pickedUp', { kind, item: at(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? t('isOver', { kind, item: at(active.id), position: at(over.id), total })
          : t('isOverNothing', { kind, item: at(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('droppedAt', { kind, item: at(active.id), position: at(over.id), total })
          : t('dropped', { kind, item: at(active.id) }),
      onDragCancel: ({ active }) => t('cancelled', { kind, item: at(active.id) }),
    };
    return {
      announcements,
      screenReaderInstructions: { draggable: t('instructions', { kind }) },
    };
  }, [ids, kind, t]);

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onChange(moveItem(value, from, to));
  }

  const busy = disabled || uploading;
  const full = value.length >= max;
  // One item at most (the shop's logo): nothing to reorder, no "primary" among one.
  const single = max === 1;
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    multiple: true,
    disabled: busy || full,
    // Type, size and count are all checked by the uploader itself, on the whole selection.
    onDrop: (accepted: File[], rejected: FileRejection[]) =>
      void addFiles([...accepted, ...rejected.map((rejection) => rejection.file)]),
  });

  const tileLabel = uploading ? t('uploading') : t('upload', { kind });

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
            aria-label={label ?? t('gridLabel', { kind })}
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
                ordered={!single}
                onRemove={() => removeAt(index)}
                previewUrl={api.previewUrl}
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
                {/* Outside the tile: a button holds no other control. The tile opens it; it is
                    out of the tab order and hidden from assistive technology. */}
                <input
                  {...getInputProps()}
                  aria-hidden="true"
                  data-testid={`upload-${kind}-input`}
                />
              </Box>
            )}
          </Grid>
        </SortableContext>
      </DndContext>
      <Text id={hintId} fontSize="xs" color="fg.muted">
        {single
          ? mediaHint(kind, max, limits)
          : `${mediaHint(kind, max, limits)} ${t('reorderHint', { kind })}`}
      </Text>
    </Stack>
  );
}
