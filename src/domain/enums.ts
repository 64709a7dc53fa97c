// SPEC §3 enumerations.
export const PAYMENT_METHODS = ['Cash', 'Check', 'CreditCard', 'NoPayment'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CARD_SELECTIONS = ['NewCard', 'ExistingCard'] as const;
export type CardSelection = (typeof CARD_SELECTIONS)[number];

export const CHECK_SELECTIONS = ['NewCheck', 'SavedCheck'] as const;
export type CheckSelection = (typeof CHECK_SELECTIONS)[number];

export const IMAGE_TYPES = ['BuildingImage', 'Signature', 'Check', 'ProfileImage'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** SPEC §2 upload folders, and the sub-folder per image type for customer orders. */
export const UPLOAD_FOLDERS = [
  '/deliver-customer-order/delivery',
  '/deliver-customer-order/signature',
  '/deliver-customer-order/check',
  '/deliver-onlot-inventory-order/delivery',
  '/deliver-inventory-move-order/delivery',
  '/profile-pictures',
] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** SPEC §4 request status. */
export type RequestStatus = 'idle' | 'pending' | 'rejected' | 'resolved';

/** SPEC §9 limits. */
export const MAX_BUILDING_IMAGES = 5;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const MAX_IMAGE_EDGE_PX = 1920;
