import { defineConfig } from 'vitest/config';
import { loadedMachine, reporting } from '../../vitest.shared.js';

export default defineConfig({ test: { ...reporting, ...loadedMachine, include: ['test/**/*.test.ts'] } });
