import { describe, expect, it } from 'vitest';
import { duePopups, isHomePath } from './popup-rules.ts';
import type { PopupView } from '../shared/schemas/messages.ts';

const base: PopupView = {
  id: 7,
  version: 'v1',
  title: 't',
  show_mode: 2,
  show_type: 1,
  close_mode: 2,
  frame_setting: 1,
  page_1_title_color: '#ffffff',
  page_1_header_background: '#000000',
  page_1_background: '#ffffff',
  page_1_border_color: '#000000',
  page_1_width: 500,
  page_2_frame_type: 1,
  content_type: 2,
  image: null,
  image_alt: '',
  html_code: '<p>x</p>',
  page_3_redirect_type: 3,
  page_3_redirect: '',
  cookie_minutes: 60,
};

describe('duePopups', () => {
  it('show_type 1 only on the home paths of both sites and languages', () => {
    for (const p of ['/', '/en', '/en/', '/mobile/', '/mobile', '/en/mobile/']) expect(isHomePath(p), p).toBe(true);
    for (const p of ['/about', '/member/wallet', '/mobile/f-mine/mine', '/en/about']) expect(isHomePath(p), p).toBe(false);
    expect(duePopups([base], '/about', '')).toEqual([]);
    expect(duePopups([{ ...base, show_type: 2 }], '/about', '')).toHaveLength(1);
  });

  it('show_mode 1 every time; otherwise not while the cookie holds this version', () => {
    expect(duePopups([base], '/', 'popup_7=v1')).toEqual([]);
    expect(duePopups([base], '/', 'a=b; popup_7=v0')).toHaveLength(1);
    expect(duePopups([{ ...base, show_mode: 1 }], '/', 'popup_7=v1')).toHaveLength(1);
  });
});
