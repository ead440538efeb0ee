import { describe, expect, it } from 'vitest';
import { withStyledComponentIds } from './styledComponentIds.ts';

describe('withStyledComponentIds', () => {
  it('names each styled component of a module by its file and place, the same every time', () => {
    const code = [
      'const Row = styled.div`color: red;`;',
      'const Cell = styled(Row).attrs({ role: "cell" })`padding: 0;`;',
      'const Box = styled.section({ margin: 0 });',
      'const rule = css`color: blue;`;',
    ].join('\n');
    const named = withStyledComponentIds(code, 'packages/ui/src/Table.tsx');
    const ids = [...named.matchAll(/componentId: "([\w-]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(named).toContain('styled.div.withConfig({ componentId: "');
    expect(named).toMatch(/styled\(Row\)\.withConfig\(\{ componentId: "[\w-]+" \}\)\.attrs\(/);
    expect(named).toContain('css`color: blue;`');
    expect(withStyledComponentIds(code, 'packages/ui/src/Table.tsx')).toBe(named);
    expect(withStyledComponentIds(code, 'packages/ui/src/Other.tsx')).not.toBe(named);
  });

  it('leaves code without styled components as it is', () => {
    const code = 'export const styles = { styled: true };';
    expect(withStyledComponentIds(code, 'a.ts')).toBe(code);
  });
});
