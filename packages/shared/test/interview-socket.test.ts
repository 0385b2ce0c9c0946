import { describe, expect, it } from 'vitest';
import { isDecidableStatus, socketTokenProtocols, tokenFromSocketProtocols } from '../src';

describe('the interview socket handshake', () => {
  it('carries the token as the second offered subprotocol, which the server reads back', () => {
    expect(socketTokenProtocols('eyJ.x.y')).toEqual(['bearer', 'eyJ.x.y']);
    expect(socketTokenProtocols('')).toEqual([]);
    expect(tokenFromSocketProtocols(socketTokenProtocols('eyJ.x.y').join(', '))).toBe('eyJ.x.y');
    expect(tokenFromSocketProtocols('bearer,eyJ.x.y')).toBe('eyJ.x.y');
  });

  it('finds no token in other offers', () => {
    expect(tokenFromSocketProtocols(undefined)).toBeUndefined();
    expect(tokenFromSocketProtocols('bearer')).toBeUndefined();
    expect(tokenFromSocketProtocols('chat, eyJ.x.y')).toBeUndefined();
  });
});

describe('decidable interview statuses', () => {
  it('are completed and under review only', () => {
    expect(['completed', 'under_review'].every(isDecidableStatus)).toBe(true);
    for (const s of ['not_started', 'scheduled', 'in_progress', 'approved', 'rejected', null, undefined]) {
      expect(isDecidableStatus(s)).toBe(false);
    }
  });
});
