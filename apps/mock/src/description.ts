import { loadDescription } from '@tas/openapi';

/** The bundled description, read once for the whole mock (Prism reads its own copy by path). */
export const description = loadDescription();
