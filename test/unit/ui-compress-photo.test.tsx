import { describe, expect, it } from 'vitest';
import { fitWithin, outputTypeOf } from '../../src/workers/compressPhoto';

describe('photo compression sizing', () => {
  it('keeps small photos as they are', () => {
    expect(fitWithin(1280, 960, 1920)).toEqual({ width: 1280, height: 960 });
  });
  it('scales the long edge down to the limit, keeping the aspect ratio', () => {
    expect(fitWithin(4032, 3024, 1920)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin(3024, 4032, 1920)).toEqual({ width: 1440, height: 1920 });
  });
  it('keeps PNG as PNG and re-encodes everything else as JPEG', () => {
    expect(outputTypeOf('image/png')).toBe('image/png');
    expect(outputTypeOf('image/jpeg')).toBe('image/jpeg');
  });
});
