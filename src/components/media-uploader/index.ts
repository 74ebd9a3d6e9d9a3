// Shared media uploader widget (product form; usable for variant images with max 5).
export { MediaUploader } from './MediaUploader';
export { mediaKeyFromUrl } from './media-rules';
