import { describe, expect, it } from 'vitest';
import { followRefs, pointerGet, pointerOf, pointerSegments, resolveRef } from '../src/pointer.js';

const doc = {
  paths: { '/record/': { get: { $ref: '#/components/x~0y' } } },
  components: { 'x~y': { $ref: '#/components/z' }, z: { type: 'string', description: 'z' } },
  list: [{ a: 1 }],
};

describe('one reader of pointers and local $refs', () => {
  it.each([
    ['', []],
    ['/paths/~1record~1/get', ['paths', '/record/', 'get']],
    ['#/components/x~0y', ['components', 'x~y']],
    ['/a~01', ['a~1']],
  ])('%s has the segments %j, and back', (pointer, segments) => {
    expect(pointerSegments(pointer)).toEqual(segments);
    expect(pointerOf(segments)).toBe(pointer.replace(/^#/, ''));
  });

  it('gets a node, an array item, and nothing where a pointer names nothing', () => {
    expect(pointerGet(doc, '/list/0/a')).toBe(1);
    expect(pointerGet(doc, '/components/none/type')).toBeUndefined();
  });

  const both = ['/components/x~0y', '/components/z'];
  it.each([
    ['target', { type: 'string', description: 'z' }, both],
    ['override', { type: 'string', description: 'mine' }, both],
    // Both kept as schemas: the wrapper is a schema of its own, followed no further.
    ['allOf', { allOf: [{ $ref: '#/components/z' }, { description: 'mine' }] }, ['/components/x~0y']],
  ] as const)('follows a chain of $refs; keywords beside one: %s', (siblings, want, passed) => {
    const { node, pointers } = followRefs(doc, { $ref: '#/components/x~0y', description: 'mine' }, siblings);
    expect(pointers).toEqual(passed);
    expect(node).toEqual(want);
  });

  it('leaves a $ref of another kind, and resolveRef copies with the summary on top', () => {
    expect(followRefs(doc, { $ref: 'other.yaml#/a' }).node).toEqual({ $ref: 'other.yaml#/a' });
    expect(resolveRef(doc, doc.paths['/record/'].get)).toEqual({ type: 'string', description: 'z' });
  });
});
