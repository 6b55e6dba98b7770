// Writes .br and .gz beside every text asset of the built site, so the server sends compressed files
// without compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../dist/client');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml)$/;
/** Files smaller than this gain too little to be worth a second and third copy. */
const MIN_BYTES = 1024;
let count = 0;
function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full);
    else if (TEXT.test(e.name)) {
      const data = fs.readFileSync(full);
      if (data.length < MIN_BYTES) continue;
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
      count++;
    }
  }
}
walk(root);
console.log(`compressed ${count} files in dist/client`);
