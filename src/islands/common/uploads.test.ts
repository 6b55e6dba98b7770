// The picker's check decides by a file's first bytes, as the server does, and names each refused file.
import { describe, expect, it } from 'vitest';
import { checkImages } from './uploads.ts';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0];
const png = (name: string) => new File([new Uint8Array(PNG_HEADER)], name, { type: 'image/png' });
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])], name, { type: 'image/jpeg' });
const text = (name: string) => new File(['these are not pixels'], name, { type: 'image/png' });

describe('checkImages', () => {
  it('accepts png and jpeg by their bytes and refuses a text file named .png by name', async () => {
    const { accepted, problems } = await checkImages([png('a.png'), text('notes.png'), jpeg('b.jpg')]);
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.jpg']);
    expect(problems).toEqual([{ key: 'upload.type', file: 'notes.png' }]);
  });

  it('refuses a picture over 500 KB by name, and a choice over three pictures whole', async () => {
    const big = new File([new Uint8Array(PNG_HEADER), new Uint8Array(501 * 1024)], 'big.png', { type: 'image/png' });
    expect((await checkImages([big])).problems).toEqual([{ key: 'upload.too_large', file: 'big.png' }]);
    expect(await checkImages([png('a.png'), png('b.png')], 2)).toEqual({ accepted: [], problems: [{ key: 'upload.too_many' }] });
  });
});
