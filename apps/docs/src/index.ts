export { buildSite, type SiteOptions, type SiteSummary } from './build/site.js';
export { buildVersionedSite, type VersionedOptions } from './build/versions.js';
export { defaultSiteOptions } from './paths.js';
export { DEFAULT_PORT, type ServeOptions, serveDocs } from './serve.js';
