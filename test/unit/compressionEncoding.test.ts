import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../server/http/compression';

// Which encoding an API answer is sent in, from the client's Accept-Encoding.
describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q-values and wildcards', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip;q=0')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('deflate;q=abc, gzip;q=')).toBeNull();
  });
});
