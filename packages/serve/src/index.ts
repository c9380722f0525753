export { type Listening, listen, urlHost } from './listen.js';
