import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API server (apps/server) listens on :3000 and also serves the built app in production.
const apiProxy = {
  '/api': { target: 'http://localhost:3000', changeOrigin: false },
  '/pay': { target: 'http://localhost:3000', changeOrigin: false },
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files worth compressing; fonts (woff2) and pictures in raster formats are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)])),
  );
  return nested.flat();
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the highest levels (done once at
 * build time rather than per request): the server sends them by Accept-Encoding (@fastify/static's
 * `preCompressed`). A phone on a mobile network moves about a third of the bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'farha-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return; // the server's rendering module is read from disk, never sent
      const files = (await listFiles(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await fs.readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * Issue 26: the partner portal's service worker (src/features/partner/offline/partner-sw.ts), built into
 * /partner-sw.js with the list of the build's files to keep. The portal registers it for /partenaire/ only,
 * and links its own manifest (public/partenaire/manifest.webmanifest): nothing here touches other pages.
 */
const partnerServiceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/features/partner/offline',
  filename: 'partner-sw.ts',
  injectRegister: false,
  manifest: false,
  scope: '/partenaire/',
  injectManifest: {
    globPatterns: ['assets/**/*.{js,css,woff2}', 'partenaire/**/*.{png,webmanifest}', 'favicon.svg', 'preferences.js'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
});

const source = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const STOREFRONT_PAGES = ['catalog-page.tsx', 'box-page.tsx'].map((page) => source(`features/storefront/pages/${page}`));

/**
 * Issue 23: the app's own code of a first visit in one file, `shell`: what the entry (src/main.tsx) imports,
 * and what the homepage shares with the catalogue and the box page (the box card, prices, the storefront's
 * strings). Each page's own code stays in its chunk, the other areas' code in theirs. One file compresses
 * better than twenty (one brotli window) and costs one request's headers on a phone's network instead of twenty.
 * Read through the bundler's module graph: static imports only, a lazy page is never pulled in.
 */
function shellChunk() {
  let shell: Set<string> | null = null;
  return (id: string, ctx: { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null }) => {
    shell ??= (() => {
      const closure = (root: string) => {
        const seen = new Set<string>();
        const visit = (moduleId: string) => {
          // The icons' index imports every icon: which ones a page uses is the bundler's tree-shaking to say.
          if (seen.has(moduleId) || moduleId.includes('lucide-react')) return;
          seen.add(moduleId);
          for (const imported of ctx.getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
        };
        visit(root);
        return seen;
      };
      const home = closure(source('features/storefront/pages/home-page.tsx'));
      const others = STOREFRONT_PAGES.map(closure);
      const result = closure(source('main.tsx'));
      for (const moduleId of home) if (others.some((page) => page.has(moduleId))) result.add(moduleId);
      return result;
    })();
    return shell.has(id) ? 'shell' : null;
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The service worker belongs to the browser's build only.
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [partnerServiceWorker]), precompress()],
  // The server's rendering runs React's production build whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // No modulepreload polyfill (0.8 KB and a request on every first visit, issue 34): the browsers that
    // lack modulepreload (Safari before 17, Firefox before 115) still load every module, only one hop later.
    modulePreload: { polyfill: false },
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? // ES modules wherever dist is copied (no package.json says "type": "module" there).
        { output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } }
      : {
          output: {
            codeSplitting: {
              // Small shared pieces (one icon, one helper) are copied into the chunks that use them instead of
              // each being a file of its own: on a phone's network every request costs a round trip.
              experimentalInlineCommonChunks: { maxSize: 6 * 1024 },
              // The runtime every page hydrates with (React, its router, TanStack Query) in one file:
              // one request and one compression window instead of seven (issue 23).
              groups: [
                { name: 'runtime', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 2 },
                { name: shellChunk(), priority: 1 },
              ],
            },
          },
        },
  },
  // The server's rendering of the public pages (src/entry-server.tsx, built by `npm run build` into
  // dist/.ssr): self-contained, so that the server loads it wherever dist is copied.
  ssr: { noExternal: true },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
}));
