export { DEFAULT_PORT, type MockOptions, type MockServer, startMock } from './server.js';
