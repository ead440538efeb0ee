import { CodeEditor } from '@opsdeck/ui/code-editor';
import { dump } from 'js-yaml';
import { testIds } from '../testIds.ts';

/** The check's spec as read-only YAML. Its own chunk: the editor is the biggest part of the modal. */
export function SpecView({ spec }: { spec: unknown }) {
  return (
    <CodeEditor
      label="Spec"
      language="yaml"
      readOnly
      height="min(600px, 60vh)"
      value={dump(spec, { noRefs: true })}
      data-testid={testIds.modal.spec}
    />
  );
}
