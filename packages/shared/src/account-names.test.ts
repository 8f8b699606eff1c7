import { describe, expect, it } from 'vitest';
import { accountDisplayName } from './account-names';

describe('accountDisplayName', () => {
  it('is the registered name, or the username while that is blank', () => {
    expect(accountDisplayName({ registeredName: 'Cordillera Exploration Inc.', username: 'cordex' })).toBe(
      'Cordillera Exploration Inc.',
    );
    expect(accountDisplayName({ registeredName: null, username: 'cordex' })).toBe('cordex');
    expect(accountDisplayName({ registeredName: '   ', username: 'cordex' })).toBe('cordex');
  });
});
