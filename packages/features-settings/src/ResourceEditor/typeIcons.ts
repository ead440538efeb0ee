import { Activity, Bell, Database, FileSearch, Server, type IconComponent } from '@opsdeck/ui';

// The ui icon set is small and curated: each check type gets the icon of its family.
const families: Record<string, IconComponent> = {
  alertmanager: Bell,
  cloudwatch: Bell,
  dynatrace: Bell,
  elasticsearch: Database,
  mongodb: Database,
  redis: Database,
  sql: Database,
  prometheus: Database,
  folder: FileSearch,
  gcs: FileSearch,
  s3: FileSearch,
  smb: FileSearch,
  sftp: FileSearch,
  icmp: Server,
  tcp: Server,
  dns: Server,
  ec2: Server,
  ldap: Server,
};

export function checkTypeIcon(type: string): IconComponent {
  return families[type] ?? Activity;
}
