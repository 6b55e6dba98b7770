// Device detection of SPEC.md section 2: pc, ios, android or mobile, and the in-app browsers that get a mask layer.
import { describe, expect, it } from 'vitest';
import { detectDevice } from './device.ts';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.14977',
  operaMini: 'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54',
  blackberry: 'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en) AppleWebKit/534.11+ (KHTML, like Gecko) Version/7.1.0.346 Mobile Safari/534.11+',
  firefoxOs: 'Mozilla/5.0 (Mobile; rv:48.0) Gecko/48.0 Firefox/48.0 KAIOS/2.5',
  wechatIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.42(0x18002a2f) NetType/WIFI Language/zh_TW',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/5235 MMWEBSDK/20230805 MicroMessenger/8.0.42.2460(0x28002A3B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatWindows:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090719) XWEB/8519 Flue',
  weiboIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone14,5__weibo__13.8.1__iphone__os16.6)',
  weiboAndroid:
    'Mozilla/5.0 (Linux; Android 12; M2102J2SC Build/SKQ1.211006.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/97.0.4692.98 Mobile Safari/537.36 Weibo (Xiaomi-M2102J2SC__weibo__13.6.2__android__android12)',
  qqIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 QQ/8.9.68.611 V1_IPH_SQ_8.9.68_1_APP_A Pixel/1170 MiniAppEnable SimpleUISwitch/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.000000 QQTheme/1000 Core/WKWebView Device/Apple(iPhone 13) NetType/WIFI QBWebViewType/1 WKType/1',
  qqAndroid:
    'Mozilla/5.0 (Linux; Android 12; PEHM00 Build/SKQ1.210216.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/89.0.4389.72 MQQBrowser/6.2 TBS/046317 Mobile Safari/537.36 V1_AND_SQ_8.9.28_3700_YYB_D QQ/8.9.28.10155 NetType/WIFI WebP/0.3.0 AppId/537146832 Pixel/1080 StatusBarHeight/96 SimpleUISwitch/0 QQTheme/1000 InMagicWin/0 StudyMode/0 CurrentMode/0 CurrentFontScale/1.0 GlobalDensityScale/0.9 AllowLandscape/false InKidsMode/0',
  qqBrowser:
    'Mozilla/5.0 (Linux; U; Android 10; zh-cn; MI 9 Build/QKQ1.190825.002) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/66.0.3359.126 MQQBrowser/10.1 Mobile Safari/537.36',
};

describe('detectDevice', () => {
  it.each([
    ['chromeWindows', 'pc'],
    ['safariMac', 'pc'],
    ['firefoxLinux', 'pc'],
    ['wechatWindows', 'pc'],
    ['iphone', 'ios'],
    ['ipad', 'ios'],
    ['ipod', 'ios'],
    ['wechatIos', 'ios'],
    ['weiboIos', 'ios'],
    ['qqIos', 'ios'],
    ['android', 'android'],
    ['androidTablet', 'android'],
    ['wechatAndroid', 'android'],
    ['weiboAndroid', 'android'],
    ['qqAndroid', 'android'],
    ['qqBrowser', 'android'],
    ['windowsPhone', 'android'],
    ['operaMini', 'mobile'],
    ['blackberry', 'mobile'],
    ['firefoxOs', 'mobile'],
  ] as const)('%s is %s', (name, device) => {
    expect(detectDevice(UA[name]).device).toBe(device);
  });

  it('a Windows Phone without Android in its agent is mobile', () => {
    expect(detectDevice('Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; Trident/6.0; IEMobile/10.0; ARM; Touch)').device).toBe('mobile');
  });

  it('flags WeChat, Weibo and QQ, with the mask layer only on iOS and Android', () => {
    expect(detectDevice(UA.wechatIos)).toEqual({ device: 'ios', inApp: 'wechat', maskLayer: true });
    expect(detectDevice(UA.wechatAndroid)).toEqual({ device: 'android', inApp: 'wechat', maskLayer: true });
    expect(detectDevice(UA.weiboIos)).toEqual({ device: 'ios', inApp: 'weibo', maskLayer: true });
    expect(detectDevice(UA.weiboAndroid)).toEqual({ device: 'android', inApp: 'weibo', maskLayer: true });
    expect(detectDevice(UA.qqIos)).toEqual({ device: 'ios', inApp: 'qq', maskLayer: true });
    expect(detectDevice(UA.qqAndroid)).toEqual({ device: 'android', inApp: 'qq', maskLayer: true });
    // WeChat on a desktop: flagged, but no mask layer.
    expect(detectDevice(UA.wechatWindows)).toEqual({ device: 'pc', inApp: 'wechat', maskLayer: false });
  });

  it('plain browsers, including the QQ Browser (not the QQ app), have no flag', () => {
    for (const name of ['chromeWindows', 'iphone', 'android', 'qqBrowser', 'operaMini'] as const) {
      expect(detectDevice(UA[name]).inApp, name).toBeNull();
      expect(detectDevice(UA[name]).maskLayer, name).toBe(false);
    }
  });

  it('an in-app flag on a non-iOS, non-Android phone gets no mask layer', () => {
    expect(detectDevice('Opera Mini MicroMessenger/8.0')).toEqual({ device: 'mobile', inApp: 'wechat', maskLayer: false });
  });

  it('treats a missing or empty agent as a pc', () => {
    for (const ua of [undefined, null, '']) expect(detectDevice(ua)).toEqual({ device: 'pc', inApp: null, maskLayer: false });
  });

  it('reads only the first 512 characters of an agent', () => {
    expect(detectDevice(`${'x'.repeat(600)} iPhone`).device).toBe('pc');
    expect(detectDevice(`${'x'.repeat(400)} iPhone`).device).toBe('ios');
  });
});
