// What device detection (src/lib/device.ts) decides, as a type both the server's page locals and the browser use.
export type Device = 'pc' | 'ios' | 'android' | 'mobile';
export type InAppBrowser = 'wechat' | 'weibo' | 'qq';

export interface DeviceInfo {
  device: Device;
  inApp: InAppBrowser | null;
  /** In-app browsers on phones block downloads and new tabs, so the site shows a hint layer over them. */
  maskLayer: boolean;
}
