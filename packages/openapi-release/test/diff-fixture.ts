import type { OpenApiDocument } from '@tas/openapi';

// A small description: one input (POST /record/ with a body and a query parameter) and one
// output (its 201 answer), enough to make every kind of change once.
export function base(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0' },
    security: [{ ApiKey: [] }],
    paths: {
      '/record/': {
        post: {
          operationId: 'createRecord',
          description: 'Creates a record.',
          parameters: [{ name: 'mode', in: 'query', required: false, schema: { type: 'string' } }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: {
                    name: { type: 'string', maxLength: 50 },
                    gender: { type: 'string', enum: ['male', 'female'] },
                    note: { type: 'string' },
                  },
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'Created',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      id: { type: 'integer' },
                      state: { type: 'string', enum: ['open', 'closed'] },
                      token: { type: 'string', 'x-assumed': true },
                    },
                  },
                  example: { id: 1, state: 'open' },
                },
              },
            },
            '400': { description: 'Bad request' },
          },
        },
      },
      '/record/{id}/': {
        get: { operationId: 'getRecord', responses: { '200': { description: 'OK' } } },
      },
    },
    components: { securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
  };
}

/** The tests reach into any part of the small description to change it. */
// biome-ignore lint/suspicious/noExplicitAny: a test edits arbitrary nodes of the fixture
export type Loose = any;
