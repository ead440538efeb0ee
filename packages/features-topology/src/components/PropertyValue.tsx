import { ProgressBar } from '@opsdeck/ui';
import styled from 'styled-components';
import type { FormattedProperty } from '../model/properties.ts';

const Value = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
  overflow-wrap: anywhere;
`;

/** A formatted property's value: text or a link, with a bar when it has a scale. */
export function PropertyValue({ property }: { property: FormattedProperty }) {
  return (
    <Value>
      {property.href ? (
        <a href={property.href} target="_blank" rel="noreferrer">
          {property.text}
        </a>
      ) : (
        <span>{property.text}</span>
      )}
      {property.percent !== undefined ? (
        <ProgressBar value={property.percent} label={`${property.label} ${property.text}`} />
      ) : null}
    </Value>
  );
}
