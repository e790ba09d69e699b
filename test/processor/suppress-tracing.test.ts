import { describe, expect, it } from 'vitest';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { isTracingSuppressed as coreIsSuppressed, suppressTracing as coreSuppress } from '@opentelemetry/core';
import { isTracingSuppressed, suppressTracing } from '../../src/core/suppress-tracing.ts';

describe('suppressTracing without @opentelemetry/core', () => {
  it('uses the same context key as the SDK, both ways', () => {
    expect(coreIsSuppressed(suppressTracing(ROOT_CONTEXT))).toBe(true);
    expect(isTracingSuppressed(coreSuppress(ROOT_CONTEXT))).toBe(true);
    expect(isTracingSuppressed(ROOT_CONTEXT)).toBe(false);
  });
});
