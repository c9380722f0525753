export { buildSite, type SiteOptions, type SiteSummary } from './builder/site.js';
export { buildVersionedSite, rebuildSite, type VersionedOptions } from './builder/versions.js';
export { liveSite } from './live-site.js';
export { defaultSiteOptions } from './paths.js';
export { DEFAULT_PORT, type ServeOptions, serveDocs } from './serve.js';
