import { describe, expect, it } from 'vitest';
import { faultSwitchesAvailable } from '../../../../shared/fault-switches.ts';
import { ProviderFaults } from './provider-faults.ts';
import { ApiError } from '../../../lib/errors.ts';

describe("the stand-in provider's fault switches", () => {
  it('exist only for a stand-in on loopback, and never in a production build', () => {
    expect(faultSwitchesAvailable({ providerUrl: 'http://127.0.0.1:4400', nodeEnv: 'development' })).toBe(true);
    expect(faultSwitchesAvailable({ providerUrl: undefined, nodeEnv: 'test' })).toBe(true);
    expect(faultSwitchesAvailable({ providerUrl: 'http://localhost:4400', nodeEnv: 'production' })).toBe(false);
    expect(faultSwitchesAvailable({ providerUrl: 'https://provider.example.com', nodeEnv: 'development' })).toBe(false);
  });

  it('the server refuses them in a production build even with the stand-in on loopback', async () => {
    const prod = new ProviderFaults('http://127.0.0.1:1', { production: true });
    expect(prod.local).toBe(false);
    const err = await prod.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('not_found');
  });
});
