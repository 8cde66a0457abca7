import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A built web app's index.html as Vite writes it: the page's `head` tags (each line indented by four spaces,
 * ending with a newline), then the hashed bundle's script (assets/index-Ab12Cd34.js) and the root the app
 * mounts in.
 */
export function builtIndexHtml(head: string): string {
  return `<!doctype html>
<html lang="fr" dir="ltr">
  <head>
${head}    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

/** A folder of the test's own standing for the built web app (WEB_DIST_DIR), holding `indexHtml` as index.html. */
export function newWebDist(prefix: string, indexHtml: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.writeFileSync(path.join(dir, 'index.html'), indexHtml);
  return dir;
}
