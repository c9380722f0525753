import type { Fault } from '../faults/proxy.js';
import { LOOKUP_FIRST } from './lookup-first.js';

/**
 * Variants of the sandbox that differ from it only where the interface allows: each must conform
 * (exit 0) with both sandbox keys (test/variants.test.ts). [name, its layers, next to the sandbox
 * first]. Add a row per conformant design.
 */
export type Conformant = [name: string, layers: Fault[]];

export const CONFORMANT: Conformant[] = [['looks the token up before it validates the body', [LOOKUP_FIRST]]];
