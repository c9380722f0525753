import { limitsOf } from '@tas/openapi';
import { description } from './catalog/examples.js';

/** The interface's own limits, as it states them (the description's info.x-limits); hosting-quotas.ts holds a host's. */
export const limits = limitsOf(description);
