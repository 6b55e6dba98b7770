// ESLint with typescript-eslint's type-aware rules, beside Prettier for layout (.prettierrc.json). ESLint over Biome
// because the rules this project needs most (floating promises, unsafe any) read the TypeScript program itself, which
// only typescript-eslint does; Biome's versions infer types on their own and miss what crosses files. `npm run lint`
// runs Prettier's check and ESLint; CI fails on either.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', '.astro/**', 'public/**', 'drizzle/**', '**/*.astro'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // An async function without await is how a handler keeps the promise-returning shape its caller expects.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
