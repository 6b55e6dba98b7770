import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { asciiJson } from './ascii-json.ts';

/** V8's serializer tags a string by how it is held: '"' one byte a character, 'c' two bytes. */
const held = (s: string) => (serialize(s)[2] === 0x22 ? 'one byte' : 'two bytes');

describe('asciiJson', () => {
  const body = { level: { name_frontend: '青銅' }, note: 'é\u007f', emoji: '🎲', plain: 'demo1234' };
  const json = JSON.stringify(body);

  it('writes every character beyond ASCII as an escape that parses back to the same text', () => {
    const text = asciiJson(json);
    // The range starts at NUL on purpose: the assertion is that every character is ASCII, control characters included.
    // eslint-disable-next-line no-control-regex
    expect(text).toMatch(/^[\x00-\x7e]*$/);
    expect(text).toContain('"name_frontend":"\\u9752\\u9285"');
    expect(JSON.parse(text)).toEqual(body);
  });

  it('holds the answer one byte a character, though the JSON it escapes was two', () => {
    expect(held(json)).toBe('two bytes');
    expect(held(json.replace(/[\u007f-\uffff]/g, '?'))).toBe('two bytes');
    expect(held(asciiJson(json))).toBe('one byte');
  });

  it('leaves ASCII JSON as it is', () => {
    expect(asciiJson('{"a":"b"}')).toBe('{"a":"b"}');
  });
});
