import type { MediaKind } from './media-rules';

/**
 * What the media uploader asks of the API, handed in by the feature that shows it
 * (src/features/media): the widget is shared UI and knows no endpoint.
 */
export interface MediaApi {
  /** Stores one batch of files (5 at most) of a kind; answers their URLs in the same order. */
  upload: (kind: MediaKind, files: File[]) => Promise<string[]>;
  /** A signed URL to preview the stored file named by `key`; rejects when none can be had. */
  previewUrl: (key: string) => Promise<string>;
}
