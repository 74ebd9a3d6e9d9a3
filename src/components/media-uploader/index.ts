// Shared media uploader widget (product form; usable for variant images with max 5).
export { MediaUploader, type MediaUploaderProps } from './MediaUploader';
export { MediaPreview } from './MediaPreview';
export {
  checkFiles,
  DEFAULT_MAX_FILES,
  MAX_FILE_SIZE,
  mediaKeyFromUrl,
  type MediaKind,
} from './media-rules';
