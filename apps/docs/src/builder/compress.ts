import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isHashed } from '../serve/encoded.js';

/** Where a hashed file's variants are kept between builds: its name says its content. */
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/tas-docs-compressed/', import.meta.url));

/** Text files, which compress; images and archives are left as they are. */
export const TEXT = new Set(['.html', '.js', '.css', '.svg', '.json', '.yaml', '.txt', '.ts', '.map']);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the built site (done once, at build
 * time), for the docs server or a static host (nginx `gzip_static`, `brotli_static`) to send as they
 * are. A hashed file (Redoc's script) gets brotli's best, 20 s for 2 MB, kept in a cache by its name;
 * the pages brotli 9 (10% larger, 15 times faster). A variant no smaller than the file is not written.
 */
export function compressSite(
  dir: string,
  cache = CACHE,
  /** Folders whose variants are there already (a rebuild's release folders, taken whole). */
  kept: string[] = [],
): { files: number; bytes: number; br: number; gz: number } {
  const total = { files: 0, bytes: 0, br: 0, gz: 0 };
  for (const file of textFiles(dir)) {
    if (kept.some((folder) => file.startsWith(join(dir, folder)))) continue;
    const content = readFileSync(file);
    const [br, gz] = isHashed(file) ? cached(cache, basename(file), content) : compress(content, 9);
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

function compress(content: Buffer, quality: number): [Buffer, Buffer] {
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
  };
  return [brotliCompressSync(content, { params }), gzipSync(content, { level: constants.Z_BEST_COMPRESSION })];
}

function cached(cache: string, name: string, content: Buffer): [Buffer, Buffer] {
  const [br, gz] = [join(cache, `${name}.br`), join(cache, `${name}.gz`)];
  if (existsSync(br) && existsSync(gz)) return [readFileSync(br), readFileSync(gz)];
  const variants = compress(content, constants.BROTLI_MAX_QUALITY);
  mkdirSync(cache, { recursive: true });
  writeFileSync(br, variants[0]);
  writeFileSync(gz, variants[1]);
  return variants;
}

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return textFiles(path);
    return TEXT.has(extname(name)) ? [path] : [];
  });
}
