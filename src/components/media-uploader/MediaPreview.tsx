import { Box, Center, chakra, Skeleton } from '@chakra-ui/react';
import { useState } from 'react';
import useSWR from 'swr';
import { ImageOffIcon, VideoIcon } from '@/components/icons';
import type { MediaApi } from './media-api';
import { mediaKeyFromUrl, type MediaKind } from './media-rules';
import { useT } from './messages';

interface MediaPreviewProps {
  url: string;
  kind: MediaKind;
  /** Accessible name of the picture, e.g. 'Image 1'. */
  alt: string;
  /** Where the signed URL comes from. */
  previewUrl: MediaApi['previewUrl'];
}

type Stage = 'signed' | 'original' | 'failed';

const Img = chakra('img');
const Video = chakra('video');

/**
 * One media item's preview (docs/product.md §2, §8): shows the signed URL of the stored file, falls back to
 * the original URL when the signed one cannot be had or does not load, and shows a grey
 * placeholder icon when that fails too. URLs that name no storage key load directly.
 * Remount it (React key) when the URL changes.
 */
export function MediaPreview({ url, kind, alt, previewUrl }: MediaPreviewProps) {
  const t = useT();
  const key = mediaKeyFromUrl(url);
  // One request per stored file however many tiles show it; none for a URL naming no key.
  const signed = useSWR(key === null ? null : ['media-preview-url', key], ([, k]) => previewUrl(k));
  const [stage, setStage] = useState<Stage>(key ? 'signed' : 'original');

  const signedUrl = signed.data;
  let src: string | undefined;
  if (stage === 'signed') src = signedUrl ?? (signed.error ? url : undefined);
  else if (stage === 'original') src = url;

  if (stage === 'failed')
    return (
      <Center
        boxSize="full"
        bg="bg.emphasized"
        color="fg.subtle"
        role="img"
        aria-label={t('unavailable', { item: alt })}
        data-testid="media-placeholder"
      >
        {kind === 'image' ? <ImageOffIcon boxSize="8" /> : <VideoIcon boxSize="8" />}
      </Center>
    );

  // While its address is on the way, a shimmer only: a name on a <div> without a role is not
  // announced (axe's aria-prohibited-attr, seen in the command palette's results), and the image
  // brings its own alt text the moment it is shown.
  if (src === undefined) return <Skeleton boxSize="full" borderRadius="0" aria-hidden />;

  // The signed URL failed: try the original one; the original failed: placeholder.
  const onError = () => setStage(stage === 'signed' && src === signedUrl ? 'original' : 'failed');
  const common = {
    src,
    onError,
    boxSize: 'full',
    objectFit: 'cover',
    draggable: false,
    'data-stage': stage,
  } as const;

  return kind === 'image' ? (
    <Img {...common} alt={alt} loading="lazy" />
  ) : (
    <Box boxSize="full" position="relative">
      <Video {...common} aria-label={alt} preload="metadata" muted playsInline />
      <Center position="absolute" inset="0" pointerEvents="none" color="white">
        <VideoIcon boxSize="8" filter="drop-shadow(0 1px 2px rgb(0 0 0 / 0.6))" />
      </Center>
    </Box>
  );
}
