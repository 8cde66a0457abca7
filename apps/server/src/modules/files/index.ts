export { fileRoutes } from './routes.ts';
export { ATTACHMENT_TYPES, type CheckedFile, fileUrl, IMAGE_TYPES, MAX_UPLOAD_BYTES, storeCheckedFile } from './service.ts';
export { checkUpload, saveUpload } from './uploads.ts';
export { IMAGE_SIZES, MAX_IMAGE_PIXELS, saveResizedImage, SHARE_IMAGE, shareImageJpeg, type ImagePurpose } from './images.ts';
export { type FileStorage, localDiskStorage } from './storage.ts';
