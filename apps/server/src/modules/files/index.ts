export { ATTACHMENT_TYPES, type CheckedFile, displayName, fileUrl, IMAGE_TYPES, MAX_UPLOAD_BYTES, storeCheckedFile } from './service.ts';
export { checkUpload } from './uploads.ts';
export { gifIsWhole, jpegIsWhole, pdfIsWhole, pngIsWhole, webpIsWhole } from './formats.ts';
export { PDF_LIMITS, rewritePdf } from './pdf.ts';
export { IMAGE_SIZES, MAX_IMAGE_PIXELS, saveResizedImage, SHARE_IMAGE, shareImageJpeg, type ImagePurpose } from './images.ts';
export { type FileStorage, localDiskStorage } from './storage.ts';
export { findFile, PUBLIC_PURPOSES } from './service.ts';
export { variantKey, variantWidth } from './images.ts';
export type { StoredFile } from './service.ts';
