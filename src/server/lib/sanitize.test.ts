import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeOperatorHtml } from './sanitize.ts';

describe('operator HTML', () => {
  it('drops scripts, event handlers, frames and javascript: links', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><iframe src="https://x"></iframe>' +
      '<a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><svg onload="alert(1)"></svg>';
    const clean = sanitizeOperatorHtml(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|onload|iframe|javascript:|<svg/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('keeps formatting, safe links and images, and guards new-tab links', () => {
    const clean = sanitizeOperatorHtml(
      '<p style="color:#ff0000;position:fixed"><b>Bold</b> <a href="https://a.example" target="_blank">a</a></p><img src="/api/files/5" alt="x">',
    );
    expect(clean).toContain('style="color:#ff0000"');
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).toContain('<img src="/api/files/5" alt="x" />');
  });

  it('gives plain text', () => {
    expect(htmlToText('<p>One</p>\n<p>two <b>three</b></p><script>x</script>')).toBe('One two three');
  });
});
