import type { Server } from 'node:http';
import { basePath, createValidator, listOperations } from '@tas/openapi';
import { createGuardedServer, envelope, listen } from '@tas/serve';
import { description } from './description.js';
import { createHandler } from './handler.js';
import { DEFAULT_PORT } from './port.js';
import { createPrism } from './prism.js';

export interface MockOptions {
  /** Port to listen on; 0 picks a free one. Default 4010. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /** Generate answers from the schemas instead of the named examples. Default false. */
  dynamic?: boolean;
  /** Receives one line per request (method, path, status, time; never the API key). */
  log?: (line: string) => void;
}

export interface MockServer {
  /** The base_url of the mock, e.g. `http://127.0.0.1:4010`; operations are at `${url}/api/v2/...`. */
  url: string;
  close(): Promise<void>;
  /** The node server, for a supervisor to watch (npm start). */
  server: Server;
}

export { DEFAULT_PORT };

/** Starts Prism over the bundled description behind the interface's `/api/v2` prefix. */
export async function startMock(options: MockOptions = {}): Promise<MockServer> {
  const { port = DEFAULT_PORT, host = '127.0.0.1', dynamic = false, log = () => {} } = options;
  const answer = await createPrism({ dynamic });
  const handle = createHandler({
    answer,
    basePath: basePath(description),
    operations: listOperations(description),
    validator: createValidator(description),
    log,
  });
  const server = createGuardedServer(handle, { answer: envelope, log });
  return listen(server, port, host);
}
