import { Badge, Box, IconButton } from '@chakra-ui/react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripIcon, XIcon } from '@/components/icons';
import type { MediaApi } from './media-api';
import { MediaPreview } from './MediaPreview';
import type { MediaKind } from './media-rules';
import { useT } from './messages';

interface SortableMediaTileProps {
  id: string;
  url: string;
  kind: MediaKind;
  /** 0-based position; the first item is the primary one. */
  index: number;
  disabled?: boolean;
  /** Part of an ordered list: 'Primary' on the first, and a drag handle (false for a lone logo). */
  ordered?: boolean;
  onRemove: () => void;
  previewUrl: MediaApi['previewUrl'];
}

// Buttons that appear on hover or focus, and stay visible where there is no hover (touch).
const revealed = {
  opacity: 0,
  transition: 'opacity 0.15s',
  _groupHover: { opacity: 1 },
  _focusVisible: { opacity: 1 },
  css: { '@media (hover: none)': { opacity: 1 } },
} as const;

/**
 * One item of the media grid: the preview, 'Primary' on the first, a hover button that removes it
 * and a drag handle. The whole tile drags with a pointer; the handle is the keyboard's way in
 * (focus it, Space to pick up, arrows to move, Space to drop, Escape to cancel).
 */
export function SortableMediaTile({
  id,
  url,
  kind,
  index,
  disabled,
  ordered = true,
  onRemove,
  previewUrl,
}: SortableMediaTileProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled: disabled || !ordered });
  const t = useT();
  const label = t('item', { kind, item: index + 1 });

  return (
    <Box
      ref={setNodeRef}
      role="listitem"
      aria-label={label}
      className="group"
      position="relative"
      aspectRatio="1"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      bg="bg.muted"
      cursor={disabled || !ordered ? undefined : 'grab'}
      zIndex={isDragging ? 2 : undefined}
      boxShadow={isDragging ? 'lg' : undefined}
      opacity={isDragging ? 0.85 : 1}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="media-item"
      data-url={url}
      {...listeners}
    >
      <MediaPreview key={url} url={url} kind={kind} alt={label} previewUrl={previewUrl} />
      {ordered && index === 0 && (
        <Badge position="absolute" top="1.5" insetStart="1.5" colorPalette="blue" variant="solid">
          {t('primary')}
        </Badge>
      )}
      {ordered && (
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          aria-label={t('reorder', { kind, item: index + 1 })}
          position="absolute"
          bottom="1.5"
          insetStart="1.5"
          size="xs"
          variant="subtle"
          cursor="grab"
          touchAction="none"
          disabled={disabled}
          {...revealed}
        >
          <GripIcon />
        </IconButton>
      )}
      <IconButton
        aria-label={t('remove', { kind, item: index + 1 })}
        position="absolute"
        top="1.5"
        insetEnd="1.5"
        size="xs"
        colorPalette="red"
        variant="solid"
        borderRadius="full"
        disabled={disabled}
        onClick={onRemove}
        {...revealed}
      >
        <XIcon />
      </IconButton>
    </Box>
  );
}
