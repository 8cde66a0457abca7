import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './html.ts';

/**
 * The page modules of the storefront's landing pages (keys of Vite's build manifest). Their chunks are
 * announced in the HTML (modulepreload), so that the phone downloads them with the app's entry instead of
 * after running it (the router only asks for a page's code once it runs).
 */
const PAGE_MODULES = {
  home: 'src/features/storefront/pages/home-page.tsx',
  catalog: 'src/features/storefront/pages/catalog-page.tsx',
  box: 'src/features/storefront/pages/box-page.tsx',
} as const;

/** The landing pages' `<link rel="modulepreload">` tags, by page. */
export type PageModulePreloads = Record<keyof typeof PAGE_MODULES, string>;

type Manifest = Record<string, { file: string; imports?: string[] }>;

function readManifest(distDir: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** `<link rel="modulepreload">` for a page module and the chunks it imports, less those index.html loads already. */
function modulePreloads(manifest: Manifest, key: string, template: string): string {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    if (chunk.file.endsWith('.js') && !template.includes(`/${chunk.file}"`)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files.map((file) => `    <link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />\n`).join('');
}

/** The landing pages' module preloads, from the build's manifest (none without one). */
export function pageModulePreloads(distDir: string, template: string): PageModulePreloads {
  const manifest = readManifest(distDir);
  return {
    home: modulePreloads(manifest, PAGE_MODULES.home, template),
    catalog: modulePreloads(manifest, PAGE_MODULES.catalog, template),
    box: modulePreloads(manifest, PAGE_MODULES.box, template),
  };
}
