import {
  Bell,
  Database,
  FileSearch,
  Link,
  Lock,
  Server,
  Settings,
  type IconComponent,
} from '@opsdeck/ui';
import { notificationConnectionTypes } from '@opsdeck/contracts/connection';

// The ui icon set is small and curated: each connection type gets the icon of its family.
const families: Readonly<Record<string, IconComponent>> = {
  postgres: Database,
  mysql: Database,
  sql_server: Database,
  mongo: Database,
  redis: Database,
  elasticsearch: Database,
  prometheus: Database,
  http: Link,
  ldap: Lock,
  windows: Server,
  sftp: FileSearch,
  smb: FileSearch,
  gcs: FileSearch,
  s3: FileSearch,
  restic: FileSearch,
  git: FileSearch,
  github: FileSearch,
  gitlab: FileSearch,
  azure_devops: FileSearch,
  aws: Server,
  azure: Server,
  google_cloud: Server,
  kubernetes: Server,
};

const notificationTypes = new Set(notificationConnectionTypes.map((form) => form.type));

/** The icon drawn beside a connection type in the list and on the type picker's cards. */
export function connectionTypeIcon(type: string): IconComponent {
  return families[type] ?? (notificationTypes.has(type) ? Bell : Settings);
}
