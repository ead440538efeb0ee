import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser fetches on its first visit; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below this the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, at the highest
 * levels (made once per build, served many times by apps/server's console handler, which picks one
 * by Accept-Encoding). A variant no smaller than its file is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'opsdeck:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const writes = Object.values(bundle)
        .filter((file) => COMPRESSIBLE.test(file.fileName))
        .map(async (file) => {
          const bytes = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (bytes.byteLength < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
              },
            }),
            gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          const path = join(dir, file.fileName);
          await Promise.all([
            br.byteLength < bytes.byteLength ? writeFile(`${path}.br`, br) : undefined,
            gz.byteLength < bytes.byteLength ? writeFile(`${path}.gz`, gz) : undefined,
          ]);
        });
      await Promise.all(writes);
    },
  };
}
