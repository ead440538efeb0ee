import { Activity, Database, Monitor, Server, type IconComponent } from '@opsdeck/ui';

// Components name icons of the reference UI's set (`icon-cluster`, `aws-rds`…) that the console does
// not ship; the icon is picked by family from the icon name or type, from the console's own set.
const families: ReadonlyArray<readonly [RegExp, IconComponent]> = [
  [/database|rds|sql|postgres|mysql|redis|mongo|dynamo|s3|bucket/i, Database],
  [/node|ec2|server|instance|vm|host|machine/i, Server],
  [/service|api|application|app|deployment|pod|flux|kustomize/i, Activity],
];

export function ComponentIcon({
  icon,
  type,
  size = 18,
}: {
  icon?: string | null;
  type?: string | null;
  size?: number;
}) {
  const hint = `${icon ?? ''} ${type ?? ''}`;
  const Icon = families.find(([pattern]) => pattern.test(hint))?.[1] ?? Monitor;
  return <Icon size={size} aria-hidden="true" />;
}
