export { CHROMIUM_ARGS, chromiumPath, launchChromium, NoChromiumError } from './launch.js';
