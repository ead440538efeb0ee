import { Tabs } from '@opsdeck/ui';
import { CodeField, SchemaFields } from '@opsdeck/ui/forms';
import { useFormikContext } from 'formik';
import { useState } from 'react';
import styled from 'styled-components';
import { Alert } from '../components/PageLayout.ts';
import { parseSpecText, specToYaml, type ResourceFormValues } from '../model/resourceForm.ts';
import { topologyFormOf, topologySpecForm, topologySpecOf } from '../model/topologySpec.ts';

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/**
 * A topology's spec (settings §2 "Custom Topology"): a guided form of its fields, components and
 * properties, and the Code tab over the same value, as the health-check editor has.
 */
export function TopologySpecEditor({ disabled }: { disabled: boolean }) {
  const { values, setValues, errors } = useFormikContext<ResourceFormValues>();
  const [notice, setNotice] = useState<string>();

  // Form → Code: the text becomes the form's spec; Code → Form: the text opens in the form, when
  // it is a spec the form can show.
  const switchTab = (tab: string) => {
    setNotice(undefined);
    if (tab === 'code' && values.topology) {
      let spec: Record<string, unknown>;
      try {
        spec = topologySpecOf(values.topology);
      } catch (error) {
        setNotice(error instanceof Error ? error.message : String(error));
        return;
      }
      void setValues({ ...values, spec: specToYaml(spec), topology: undefined });
    } else if (tab === 'form' && !values.topology) {
      const parsed = parseSpecText(values.spec);
      const topology = parsed.ok ? topologyFormOf(parsed.spec) : undefined;
      if (!topology) {
        setNotice('The spec is not one the form can show: edit it as code.');
        return;
      }
      void setValues({ ...values, topology });
    }
  };

  const specError = typeof errors.spec === 'string' && values.topology ? errors.spec : undefined;
  return (
    <Fields>
      {notice && <Alert role="status">{notice}</Alert>}
      <Tabs
        aria-label="Edit as"
        value={values.topology ? 'form' : 'code'}
        onValueChange={switchTab}
        items={[
          {
            value: 'form',
            label: 'Form',
            content: values.topology ? (
              <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0 }}>
                <Fields>
                  <SchemaFields fields={topologySpecForm.fields} prefix="topology.form" />
                  {specError && <Alert role="alert">{specError}</Alert>}
                </Fields>
              </fieldset>
            ) : null,
          },
          {
            value: 'code',
            label: 'Code',
            content: values.topology ? null : (
              <CodeField
                name="spec"
                label="Spec"
                language="yaml"
                height="360px"
                disabled={disabled}
              />
            ),
          },
        ]}
      />
    </Fields>
  );
}
