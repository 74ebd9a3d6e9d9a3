// Shared media uploader widget (product, variant and logo forms); the API comes in through the
// `api` prop (src/features/media), so that the widget knows no endpoint.
export { MediaUploader, type MediaUploaderProps } from './MediaUploader';
export type { MediaApi } from './media-api';
export { MAX_FILE_SIZE, mediaKeyFromUrl } from './media-rules';
