import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeSource, TypePath } from './TypePath.tsx';

describe('a change source and a config type', () => {
  it('are spelt one way, as a path, with the raw value in the title (issue 29)', () => {
    render(
      <>
        <ChangeSource source="AWS::CloudTrail" />
        <TypePath type="AWS::EC2::Instance" />
        <ChangeSource source="kubernetes/event" />
      </>,
    );
    expect(screen.getByText('AWS › CloudTrail').getAttribute('title')).toBe('AWS::CloudTrail');
    expect(screen.getByText('AWS › EC2 › Instance').getAttribute('title')).toBe(
      'AWS::EC2::Instance',
    );
    expect(screen.getByText('kubernetes/event')).toBeTruthy();
  });
});
