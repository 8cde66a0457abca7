export { fileRoutes } from './routes.ts';
export { ATTACHMENT_TYPES, fileUrl, IMAGE_TYPES, MAX_UPLOAD_BYTES, saveUpload } from './service.ts';
export { IMAGE_SIZES, saveResizedImage, SHARE_IMAGE, shareImageJpeg, type ImagePurpose } from './images.ts';
export { type FileStorage, localDiskStorage } from './storage.ts';
