import { getPresignedUrl, uploadImages, uploadVideos } from '@generated/hooks/uploads/uploads';
import type { MediaApi } from '@/components/media-uploader';

/** Validity asked for signed preview URLs (docs/product.md §9: 3600 seconds). */
const SIGNED_URL_EXPIRATION = 3600;

const UPLOAD = { image: uploadImages, video: uploadVideos } as const;

/**
 * The uploads API as the media uploader uses it: the multi-file endpoints (field `files`) and
 * the signed preview URLs. One object for every form that shows the uploader (products,
 * variants, the shop's logo), so that the shared widget knows no endpoint.
 */
export const mediaApi: MediaApi = {
  upload: async (kind, files) => {
    const result = await UPLOAD[kind]({ files });
    return result.files.map((file) => file.url);
  },
  previewUrl: async (key) =>
    (await getPresignedUrl(key, { expiration: SIGNED_URL_EXPIRATION })).url,
};
