import type { NotificationRuleSummary } from '@opsdeck/api-client/notifications';

/**
 * What a rule is called wherever it is listed or picked: its name. Its title is the template of the
 * messages it sends (`Pod {{.config.name}} is failing`), not a name, so it is the fallback only.
 */
export function ruleLabel(rule: {
  id: string;
  name?: string | null;
  title?: string | null;
}): string {
  return rule.name || rule.title || rule.id;
}

/** Who a rule notifies, in words: its person, its team, and each custom service by name or kind. */
export function ruleRecipients(rule: NotificationRuleSummary): string[] {
  const recipients: string[] = [];
  if (rule.person) recipients.push(rule.person.name || rule.person.email || rule.person.id);
  if (rule.team) recipients.push(rule.team.name || rule.team.id);
  const services = Array.isArray(rule.custom_services) ? (rule.custom_services as unknown[]) : [];
  for (const service of services) {
    if (!service || typeof service !== 'object') continue;
    const { name, connection, url } = service as Record<string, unknown>;
    const label = [name, connection, url].find((value) => typeof value === 'string' && value);
    recipients.push(typeof label === 'string' ? label : 'custom service');
  }
  return recipients;
}
