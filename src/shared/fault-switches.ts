// When the stand-in provider's fault switches exist at all: they are a test tool, so only
// when the provider is the stand-in on this machine (a loopback host) and never when the site runs as a
// production build (NODE_ENV=production). The server refuses them otherwise, and the back-office menu hides them.

/** The provider the site talks to when GAME_PROVIDER_URL is unset (src/server/config.ts). */
const DEFAULT_PROVIDER_URL = 'http://127.0.0.1:4400';

export function isLoopbackUrl(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

export function faultSwitchesAvailable(env: { providerUrl?: string | undefined; nodeEnv?: string | undefined }): boolean {
  return env.nodeEnv !== 'production' && isLoopbackUrl(env.providerUrl || DEFAULT_PROVIDER_URL);
}
