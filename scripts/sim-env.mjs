// Where `npm start`'s stand-in provider listens and whose wallet it calls. The stand-in follows the site it was started
// with: its seamless games call that site's own address (CALLBACK_BASE_URL, else 127.0.0.1 and the site's PORT), and
// a site on another PORT gets a stand-in on another port too, so a second copy of the site on one machine never
// reaches the first copy's stand-in or charges the first copy's players.
import path from 'node:path';

/** The site's port when PORT is not set, and the stand-in's port beside it. */
export const SITE_PORT_DEFAULT = 4321;
export const SIM_PORT_DEFAULT = 4400;

/**
 * The stand-in's settings for a site started with `env`: its port (SIM_PORT, else as far above the site's port as
 * 4400 is above 4321), the site origin its seamless wallet calls go to, and its data directory.
 * @param {Record<string, string | undefined>} env
 * @param {string} root
 */
export function simSettings(env, root) {
  const sitePort = Number(env.PORT || SITE_PORT_DEFAULT);
  const simPort = env.SIM_PORT || String(sitePort + (SIM_PORT_DEFAULT - SITE_PORT_DEFAULT));
  const siteOrigin = (env.SIM_SEAMLESS_WALLET_URL || env.CALLBACK_BASE_URL || `http://127.0.0.1:${sitePort}`).replace(/\/+$/, '');
  return {
    simPort,
    providerUrl: `http://127.0.0.1:${simPort}`,
    env: {
      SIM_PORT: simPort,
      SIM_SEAMLESS_WALLET_URL: siteOrigin,
      SIM_DATA_DIR: env.SIM_DATA_DIR ?? path.join(env.DATA_DIR ?? path.join(root, 'data'), 'sim'),
    },
  };
}
