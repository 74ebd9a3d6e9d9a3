// The uploads API handed to the shared media uploader (src/components/media-uploader).
export { mediaApi } from './media-api';
