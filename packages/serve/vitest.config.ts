import { defineConfig } from 'vitest/config';
import { reporting } from '../../vitest.shared.js';

export default defineConfig({ test: { ...reporting, include: ['test/**/*.test.ts'] } });
