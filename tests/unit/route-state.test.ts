import { data, isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  deserializeErrors,
  requestIdOfError,
  serializeErrors,
  toInlineJson,
} from '../../src/shared/route-state.ts';

describe('route state transfer', () => {
  it('round-trips route error responses with status and data', () => {
    const thrown = data({ message: 'Not Found' }, { status: 404 });
    // data() returns the DataWithResponseInit the router turns into an ErrorResponse.
    const errorResponse = {
      status: thrown.init?.status,
      statusText: 'Not Found',
      data: thrown.data,
      internal: false,
    };
    const serialized = serializeErrors(
      { 'locale-nl': Object.assign(Object.create(null), errorResponse) },
      false,
    );
    expect(serialized).toEqual({
      'locale-nl': {
        __type: 'RouteErrorResponse',
        status: 404,
        statusText: 'Not Found',
        data: { message: 'Not Found' },
      },
    });
    const restored = deserializeErrors(serialized)?.['locale-nl'];
    expect(isRouteErrorResponse(restored)).toBe(true);
    expect((restored as { status: number }).status).toBe(404);
  });

  it('hides messages of unexpected errors unless asked to expose them', () => {
    const errors = { root: new Error('database password is hunter2') };
    expect(serializeErrors(errors, false)).toEqual({
      root: { __type: 'Error', message: 'Internal Server Error' },
    });
    expect(serializeErrors(errors, true)).toEqual({
      root: { __type: 'Error', message: 'database password is hunter2' },
    });
    const restored = deserializeErrors(serializeErrors(errors, false))?.root;
    expect(restored).toBeInstanceOf(Error);
  });

  it('gives server errors, and only those, the request id to quote (decision 092)', () => {
    const errors = {
      root: new Error('boom'),
      'locale-nl': Object.assign(Object.create(null), {
        status: 503,
        statusText: 'Service Unavailable',
        data: null,
        internal: false,
      }),
      'news-id-slug': Object.assign(Object.create(null), {
        status: 404,
        statusText: 'Not Found',
        data: null,
        internal: false,
      }),
    };
    const serialized = serializeErrors(errors, false, 'req-42');
    expect(serialized?.root).toEqual({
      __type: 'Error',
      message: 'Internal Server Error',
      requestId: 'req-42',
    });
    expect(serialized?.['locale-nl']).toMatchObject({ status: 503, requestId: 'req-42' });
    expect(serialized?.['news-id-slug']).not.toHaveProperty('requestId');
    const restored = deserializeErrors(serialized);
    expect(requestIdOfError(restored?.root)).toBe('req-42');
    expect(requestIdOfError(restored?.['locale-nl'])).toBe('req-42');
    expect(isRouteErrorResponse(restored?.['locale-nl'])).toBe(true);
    expect(requestIdOfError(restored?.['news-id-slug'])).toBeUndefined();
    expect(requestIdOfError(new Error('never serialised'))).toBeUndefined();
    expect(serializeErrors(errors, false)?.root).not.toHaveProperty('requestId');
  });

  it('escapes inline JSON so it cannot close the script element', () => {
    const json = toInlineJson({ title: '</script><script>alert(1)</script>', sep: '\u2028' });
    expect(json).not.toContain('</script>');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script>', sep: '\u2028' });
  });

  it.each([
    ['<', '\\u003c'],
    ['\u2028', '\\u2028'],
    ['\u2029', '\\u2029'],
  ])('escapes %j when it is the only one of the three in the JSON', (char, escaped) => {
    const json = toInlineJson({ text: `a${char}b` });
    expect(json).toBe(`{"text":"a${escaped}b"}`);
    expect(JSON.parse(json)).toEqual({ text: `a${char}b` });
  });

  it('leaves JSON without them as JSON.stringify writes it', () => {
    const value = { title: 'Winkel & magazijn > "oud"', list: [1, null, 'é'] };
    expect(toInlineJson(value)).toBe(JSON.stringify(value));
  });
});
