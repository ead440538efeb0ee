import { nullish, number, safeParse, string } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { looseObject } from './looseObject.ts';

describe('looseObject', () => {
  const check = looseObject({
    id: string(),
    uptime: looseObject({ passed: number() }),
    owner: nullish(string()),
  });

  it('keeps fields a newer backend adds, and omits absent optional ones', () => {
    expect(safeParse(check, { id: 'a', uptime: { passed: 1, extra: true }, added: [1] })).toEqual({
      success: true,
      data: { id: 'a', uptime: { passed: 1, extra: true }, added: [1] },
    });
  });

  it('names the path of what does not match, and of what is missing', () => {
    const result = safeParse(check, { id: 7, uptime: {} });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['id'], ['uptime', 'passed']]);
  });

  it('exposes its shape like zod/mini objects do', () => {
    expect(Object.keys(check.shape)).toEqual(['id', 'uptime', 'owner']);
  });
});
