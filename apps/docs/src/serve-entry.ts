// What serving the site needs, without the builder: `npm start` serves in a second what turbo built.
export { liveSite } from './live-site.js';
export { defaultSiteOptions } from './paths.js';
export { DEFAULT_PORT, type ServeOptions, serveDocs } from './serve.js';
