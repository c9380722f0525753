import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files, which compress; images and archives are left as they are. */
export const TEXT = new Set(['.html', '.js', '.css', '.svg', '.json', '.yaml', '.txt', '.ts', '.map']);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the built site, at the highest
 * settings (done once, at build time), for the docs server or a static host (nginx `gzip_static`,
 * `brotli_static`) to send as they are. A variant no smaller than the file is not written.
 */
export function compressSite(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const file of textFiles(dir)) {
    const content = readFileSync(file);
    const br = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gz = gzipSync(content, { level: constants.Z_BEST_COMPRESSION });
    total.files++;
    total.bytes += content.length;
    if (br.length < content.length) {
      writeFileSync(`${file}.br`, br);
      total.br += br.length;
    }
    if (gz.length < content.length) {
      writeFileSync(`${file}.gz`, gz);
      total.gz += gz.length;
    }
  }
  return total;
}

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return textFiles(path);
    return TEXT.has(extname(name)) ? [path] : [];
  });
}
