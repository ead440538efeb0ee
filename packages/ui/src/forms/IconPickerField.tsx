import { useMemo } from 'react';
import { SelectField } from './SelectField.tsx';
import type { BaseFieldProps } from './TextField.tsx';
import { iconByName, iconNames } from './iconRegistry.ts';

export interface IconPickerFieldProps extends BaseFieldProps {
  /** Limit the choice to these icon names (defaults to the whole set). */
  names?: readonly string[];
}

const NO_ICON = '';

/** Picks an icon of the design system's set; the stored value is the icon's name. */
export function IconPickerField({ names = iconNames, required, ...props }: IconPickerFieldProps) {
  const options = useMemo(
    () => [
      ...(required ? [] : [{ value: NO_ICON, label: 'No icon' }]),
      ...names.flatMap((name) => {
        const Icon = iconByName(name);
        return Icon
          ? [{ value: name, label: name, icon: <Icon size={16} aria-hidden="true" /> }]
          : [];
      }),
    ],
    [names, required],
  );
  return (
    <SelectField {...props} required={required} options={options} placeholder="Choose an icon" />
  );
}
