import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeBackend, type FakeBackend } from '@opsdeck/testing';
import { createApiClient } from '../client.ts';
import { db, escapeLikePattern, likeContaining } from './index.ts';

describe('escapeLikePattern', () => {
  it.each([
    ['plain words', 'plain words'],
    ['a*b', 'a\\*b'],
    ['100%', '100\\%'],
    ['under_score', 'under\\_score'],
    ['back\\slash', 'back\\\\slash'],
    ['*%_\\', '\\*\\%\\_\\\\'],
    ['', ''],
  ])('%j → %j', (text, pattern) => {
    expect(escapeLikePattern(text)).toBe(pattern);
  });

  it('likeContaining wraps the escaped text in the wildcard', () => {
    expect(likeContaining('50%_off*')).toBe('*50\\%\\_off\\**');
  });
});

describe('the pattern on the wire', () => {
  let backend: FakeBackend;
  beforeAll(async () => {
    backend = await createFakeBackend({ 'GET /api/db/*': [] });
  });
  afterAll(() => backend.close());

  it('reaches the server as written, at the top level and quoted in an or-list', async () => {
    const client = createApiClient({ baseUrl: `${backend.url}/api` });
    await db(client)
      .from('people')
      .ilike('name', likeContaining('a*b%'))
      .or([
        {
          kind: 'condition',
          column: 'title',
          operator: 'ilike',
          negated: false,
          value: likeContaining('c\\d'),
        },
      ])
      .execute();
    const query = backend.last().query;
    expect(query.get('name')).toBe('ilike.*a\\*b\\%*');
    // The escaped backslash (two) is quoted in the list: each of them escaped again (four).
    expect(query.get('or')).toBe('(title.ilike."*c\\\\\\\\d*")');
  });
});
