import { deploymentUrl } from '@tas/client';

/**
 * The deployment's scheme and host, however a user pastes it: `http://host`, `http://host/` and the
 * API's own address `http://host/api/v2[/]` all name the same deployment (the client's own reading).
 */
export const normalizeBaseUrl: (url: string, basePath?: string) => string = deploymentUrl;
