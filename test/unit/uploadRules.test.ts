// SPEC §5 Images and §8 Uploads: the rules the server's upload route runs on an upload's
// headers, and the words of a failed upload.
import { describe, expect, it } from 'vitest';
import { IMAGE_TYPE_OF_FOLDER, UPLOAD_FOLDERS, uploadFailedText, uploadRefusal } from '../../src/domain';

describe('upload rules (SPEC §5 Images)', () => {
  it('the folder first, then the photo type, its destination, then the order', () => {
    expect(uploadRefusal({ folder: undefined, photoType: undefined, orderId: undefined })).toBe('BucketToUploadPhoto');
    expect(uploadRefusal({ folder: '/etc', photoType: 'Signature', orderId: '1' })).toBe('BucketToUploadPhoto');
    expect(uploadRefusal({ folder: '/deliver-customer-order/signature', photoType: undefined, orderId: '1' })).toBe('NoPhotoTypeSet');
    expect(uploadRefusal({ folder: '/deliver-customer-order/signature', photoType: 'Check', orderId: '1' })).toBe('BucketToUploadPhoto');
    expect(uploadRefusal({ folder: '/deliver-customer-order/signature', photoType: 'Signature', orderId: undefined })).toBe('NoOrderIdFound');
    expect(uploadRefusal({ folder: '/deliver-customer-order/signature', photoType: 'Signature', orderId: '2147483648' })).toBe('NoOrderIdFound');
    expect(uploadRefusal({ folder: '/deliver-customer-order/signature', photoType: 'Signature', orderId: '7' })).toBeNull();
    expect(uploadRefusal({ folder: '/profile-pictures', photoType: 'ProfileImage', orderId: undefined })).toBeNull();
  });

  it('a request naming neither photo type nor order (a build from before them) is judged by its folder alone', () => {
    for (const folder of UPLOAD_FOLDERS) expect(uploadRefusal({ folder, photoType: undefined, orderId: undefined })).toBeNull();
  });

  it('every folder holds one image type, and the failure text names it (SPEC §8)', () => {
    expect(uploadFailedText(IMAGE_TYPE_OF_FOLDER['/deliver-customer-order/signature'])).toBe('Request to upload signature image failed');
    expect(uploadFailedText(IMAGE_TYPE_OF_FOLDER['/deliver-customer-order/check'])).toBe('Request to upload check image failed');
    expect(uploadFailedText(IMAGE_TYPE_OF_FOLDER['/deliver-inventory-move-order/delivery'])).toBe('Request to upload building image failed');
    expect(uploadFailedText(IMAGE_TYPE_OF_FOLDER['/profile-pictures'])).toBe('Request to upload profile image failed');
  });
});
