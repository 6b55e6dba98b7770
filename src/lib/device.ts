// Device detection of SPEC.md section 2, shared by the server's page middleware and the browser.
import type { Device, DeviceInfo, InAppBrowser } from '../shared/device.ts';

export type { DeviceInfo } from '../shared/device.ts';

export function detectDevice(userAgent: string | undefined | null): DeviceInfo {
  const ua = (userAgent ?? '').slice(0, 512);
  let device: Device = 'pc';
  if (/iPhone|iPad|iPod/i.test(ua)) device = 'ios';
  else if (/Android/i.test(ua)) device = 'android';
  else if (/Mobile|Windows Phone|IEMobile|Opera Mini|BlackBerry/i.test(ua)) device = 'mobile';
  let inApp: InAppBrowser | null = null;
  if (/MicroMessenger/i.test(ua)) inApp = 'wechat';
  else if (/Weibo/i.test(ua)) inApp = 'weibo';
  else if (/\bQQ\//i.test(ua) || (/MQQBrowser/i.test(ua) && /\bQQ\b/i.test(ua))) inApp = 'qq';
  const maskLayer = (device === 'ios' || device === 'android') && inApp !== null;
  return { device, inApp, maskLayer };
}
