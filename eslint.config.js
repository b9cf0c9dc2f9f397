// Layering (docs/ARCHITECTURE.md): stats → store/data → components → features → app.
// Each layer imports only from the layers before it; features never import each other; outside
// src/data, each folder of src/data is imported only through its public face (index.ts, and the
// evaluation engine's browser.ts).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const dataFolders = readdirSync(new URL('./src/data', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const publicFaces = { evaluation: ['./index.ts', './browser.ts'] };

const dataFaceZones = dataFolders.map((name) => ({
  target: ['./src/store', './src/components', './src/features', './src/app'],
  from: `./src/data/${name}`,
  except: publicFaces[name] ?? ['./index.ts'],
  message: `Import src/data/${name} through its public face (${(publicFaces[name] ?? ['./index.ts']).join(', ')}), not its files.`,
}));

const layerZones = [
  { target: './src/stats', from: ['./src/data', './src/store', './src/components', './src/features', './src/app'] },
  { target: './src/data', from: ['./src/components', './src/features', './src/app'] },
  { target: './src/store', from: ['./src/components', './src/features', './src/app'] },
  { target: './src/components', from: ['./src/features', './src/app'] },
  { target: './src/features', from: ['./src/app'] },
  // The command line (src/cli) sits on top, beside the app: nothing below imports it.
  { target: ['./src/stats', './src/data', './src/store', './src/components', './src/features', './src/app'], from: './src/cli' },
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Features never import each other; share through components, store or data.',
  })),
  ...dataFaceZones,
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'lib', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The stats library is pure: nothing from npm, nothing from the rest of the app.
    files: ['src/stats/**/*.ts'],
    ignores: ['src/stats/**/*.test.ts', 'src/stats/**/*.test-util.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./)', message: 'src/stats imports nothing outside src/stats.' }] },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'fetch'],
    },
  },
);
