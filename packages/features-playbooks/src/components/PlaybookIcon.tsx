import { Activity, Database, Monitor, Play, Server, type IconComponent } from '@opsdeck/ui';

// Playbooks name icons of the reference UI's set (`k8s`, `postgres`, `http`…) that the console
// does not ship; one of the console's own icons is picked by family.
const families: ReadonlyArray<readonly [RegExp, IconComponent]> = [
  [/database|sql|postgres|mysql|redis|mongo|rds/i, Database],
  [/node|ec2|server|instance|vm|host|aws/i, Server],
  [/http|api|web|health|check|canary/i, Activity],
  [/k8s|kube|pod|deploy|cluster|namespace|component/i, Monitor],
];

export function PlaybookIcon({ icon, size = 18 }: { icon?: string | null; size?: number }) {
  const Icon = families.find(([pattern]) => pattern.test(icon ?? ''))?.[1] ?? Play;
  return <Icon size={size} aria-hidden="true" />;
}
