import type { Server } from 'node:http';
import { basePath, createValidator, DESCRIPTION_FILE, listOperations, loadDescription } from '@tas/openapi';
import { createGuardedServer, envelope, listen } from '@tas/serve';
import { useDescription } from './description.js';
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
  /** The bundled description (JSON) to answer from. Default @tas/openapi's dist/openapi.json. */
  file?: string;
}

export interface MockServer {
  /** The base_url of the mock, e.g. `http://127.0.0.1:4010`; operations are at `${url}/api/v2/...`. */
  url: string;
  close(): Promise<void>;
  /** The node server, for a supervisor to watch (npm start). */
  server: Server;
  /** Answers from the bundled description in `file` from now on (a live edit); resolves with its operation count. */
  reload(file: string): Promise<number>;
}

export { DEFAULT_PORT };

/** Starts Prism over the bundled description behind the interface's `/api/v2` prefix. */
export async function startMock(options: MockOptions = {}): Promise<MockServer> {
  const { port = DEFAULT_PORT, host = '127.0.0.1', dynamic = false, log = () => {} } = options;
  async function handlerFor(file: string) {
    const answer = await createPrism({ dynamic, file });
    const description = loadDescription(file);
    useDescription(description);
    const operations = listOperations(description);
    const validator = createValidator(description);
    return {
      operations,
      handle: createHandler({ answer, basePath: basePath(description), operations, validator, log }),
    };
  }
  // Swapped whole by a reload: a request in flight finishes with the handler it started with.
  let current = await handlerFor(options.file ?? DESCRIPTION_FILE);
  const server = createGuardedServer((req, res) => current.handle(req, res), { answer: envelope, log });
  const listening = await listen(server, port, host);
  return {
    ...listening,
    async reload(file) {
      current = await handlerFor(file);
      return current.operations.length;
    },
  };
}
