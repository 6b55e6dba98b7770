// `npm start`'s stand-in follows the site it starts with: a second copy of the site on another PORT gets its own
// stand-in, whose seamless games call that copy's wallet, never the first copy's at 4321.
import { describe, expect, it } from 'vitest';
import { simSettings } from '../scripts/sim-env.mjs';

describe("the stand-in's settings for npm start", () => {
  it('keeps the usual ports for the usual site', () => {
    const s = simSettings({}, '/app');
    expect(s.providerUrl).toBe('http://127.0.0.1:4400');
    expect(s.env).toEqual({ SIM_PORT: '4400', SIM_SEAMLESS_WALLET_URL: 'http://127.0.0.1:4321', SIM_DATA_DIR: '/app/data/sim' });
  });

  it('calls the wallet of a site on another PORT, from a port of its own', () => {
    const s = simSettings({ PORT: '5321', DATA_DIR: '/tmp/second' }, '/app');
    expect(s.env.SIM_SEAMLESS_WALLET_URL).toBe('http://127.0.0.1:5321');
    expect(s.env.SIM_PORT).toBe('5400');
    expect(s.providerUrl).toBe('http://127.0.0.1:5400');
    expect(s.env.SIM_DATA_DIR).toBe('/tmp/second/sim');
  });

  it("prefers the site's own callback address, and an explicit setting over both", () => {
    expect(simSettings({ PORT: '5321', CALLBACK_BASE_URL: 'http://10.0.0.5:5321/' }, '/app').env.SIM_SEAMLESS_WALLET_URL).toBe('http://10.0.0.5:5321');
    const set = simSettings({ PORT: '5321', SIM_PORT: '6000', SIM_SEAMLESS_WALLET_URL: 'http://127.0.0.1:7000' }, '/app');
    expect(set.env).toMatchObject({ SIM_PORT: '6000', SIM_SEAMLESS_WALLET_URL: 'http://127.0.0.1:7000' });
  });
});
