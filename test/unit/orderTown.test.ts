import { describe, expect, it } from 'vitest';
import { townOfAddress } from '../../src/domain';

// The town on Home's cards (issue 25): "Town, ST" read from the one-line delivery address.
describe('townOfAddress', () => {
  it('reads the town and state of "street, town, ST zip"', () => {
    expect(townOfAddress('4417 Mill Road, Gap, PA 17527')).toBe('Gap, PA');
    expect(townOfAddress('12 Main St, Suite 2, New Holland, pa 17557-1234')).toBe('New Holland, PA');
    expect(townOfAddress('Rt 30, Paradise, PA')).toBe('Paradise, PA');
  });

  it('allows a country after the state', () => {
    expect(townOfAddress('4417 Mill Road, Gap, PA 17527, USA')).toBe('Gap, PA');
  });

  it('is null when no part before a state names a town', () => {
    expect(townOfAddress(null)).toBeNull();
    expect(townOfAddress('')).toBeNull();
    expect(townOfAddress('PA 17527')).toBeNull();
    expect(townOfAddress('somewhere down the lane')).toBeNull();
  });
});
