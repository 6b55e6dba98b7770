import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts', 'sim/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/redis-prefix.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file gets its own database, so files may run side by side; two cores set the pace.
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Fault tests start PostgreSQL, Redis, instances and HAProxy of their own and count time-outs and breaker
          // trips: one file at a time, so another file's load beside them does not change what they measure.
          name: 'fault',
          include: ['tests/fault/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/helpers/redis-prefix.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
