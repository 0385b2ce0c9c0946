import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to a file, at the highest levels (done once at
 * build time, not per request); the server sends them with Content-Encoding to browsers that accept
 * them (decision 0098). Files under 1 KiB are left as they are.
 */
export function compressFile(file) {
  const data = fs.readFileSync(file);
  if (data.length < 1024) return;
  const br = zlib.brotliCompressSync(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}
