import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';

// ADR 004: every folder of apps/server/src/modules is a domain whose only public file is its index.ts.
const serverModules = fs
  .readdirSync(new URL('./apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The web app's features, found in their folder: each imports no other (style.md).
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverOutside = ['./apps/server/src/routes', './apps/server/src/app.ts', './apps/server/src/server.ts', './apps/server/src/db', './apps/server/test', './apps/server/bench', './apps/server/src/web-pages'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/screenshots/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 4 }],
      // style.md: one-way imports. Shared code never imports a feature nor the app shell; features do
      // not import each other nor the app shell; the server never imports the web app and vice versa; contracts import nothing of ours.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contracts', from: './apps' },
            { target: './apps/server', from: './apps/web' },
            { target: './apps/web', from: './apps/server' },
            // components/ holds the UI kit (ui/) and the domain widgets several features show (domain/,
            // help-centre/): shared code, so it never imports a feature.
            { target: './apps/web/src/components', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/web/src/config', from: './apps/web/src/features' },
            // Features read route paths from config/, never from the app shell (router, layouts).
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/components', from: './apps/web/src/app' },
            { target: './apps/web/src/lib', from: './apps/web/src/app' },
            { target: './apps/web/src/config', from: './apps/web/src/app' },
            { target: './apps/server/src/lib', from: './apps/server/src/modules' },
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
            })),
          ],
        },
      ],
    },
    settings: {
      // Without these, import-x skips .ts files when it follows imports, and no-cycle never sees a circle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    // ADR 004: server modules are entered through their index.ts only, and never form a circle.
    files: ['apps/server/**/*.ts'],
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/server', from: './apps/web' },
            { target: './apps/server/src/lib', from: './apps/server/src/modules' },
            { target: './apps/server/src/lib', from: './apps/server/src/routes' },
            { target: './apps/server/src/modules', from: './apps/server/src/routes' },
            { target: './apps/server/src/web-pages', from: './apps/server/src/routes' },
            { target: ['./apps/server/src/lib', './apps/server/src/modules'], from: './apps/server/src/web-pages' },
            ...serverModules.map((name) => ({
              target: [...serverModules.filter((other) => other !== name).map((other) => `./apps/server/src/modules/${other}`), ...serverOutside],
              from: `./apps/server/src/modules/${name}`,
              except: ['./index.ts'],
              message: `import from the ${name} module's entry (modules/${name}/index.ts), not its internals (ADR 004)`,
            })),
          ],
        },
      ],
    },
  },
  {
    // ADR 004 (issue 33): endpoints live in apps/server/src/routes/<area>/, never in a module.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'fastify-type-provider-zod', message: 'Endpoints live in apps/server/src/routes/<area>/ (ADR 004).' }] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|route)$/][arguments.0.type='Literal'][arguments.0.value=/^\\//]",
          message: 'Endpoints live in apps/server/src/routes/<area>/, not in a module (ADR 004).',
        },
      ],
    },
  },
  {
    // ADR 004 (issue 33): a route validates and calls a module; the queries and the rules are the modules'.
    files: ['apps/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: "A route holds no query: call a module's function (ADR 004)." }],
          patterns: [{ group: ['**/db/schema', '**/db/schema/**'], allowTypeImports: true, message: "A route holds no query: call a module's function (ADR 004)." }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name=/^(select|selectDistinct|insert|update|delete|execute)$/]:matches([object.property.name='db'], [object.name=/^(db|tx)$/])",
          message: "A route holds no query: call a module's function (ADR 004).",
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Toasts go through lib/toast, which loads sonner and mounts the Toaster on the first toast: a page
    // calling sonner itself shows nothing (decision 008).
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/toast.ts', 'apps/web/src/app/app-toaster.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'sonner', message: "Import { toast } from '@/lib/toast'.", allowTypeImports: true }] }],
    },
  },
);
