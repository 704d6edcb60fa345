import type { AuditActor } from '@dm/events/http';

/** 'DiscountDeploymentFailed' → 'Discount deployment failed'. */
export const eventTitle = (type: string): string => {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A person as 'Ada Admin (admin@demo.test)'; a reactor or the system by what it is. */
export const actorLabel = (actor: AuditActor): string => {
  if (actor.id.startsWith('reactor:')) return `System (${actor.id.slice('reactor:'.length)})`;
  if (actor.id === 'system') return 'System';
  if (actor.email && actor.name) return `${actor.name} (${actor.email})`;
  return actor.email ?? actor.id;
};

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

/** Times in UTC, as the log records them, so two people comparing notes read the same clock. */
export const formatAt = (iso: string): string => `${dateTime.format(new Date(iso))} UTC`;

/** A changed value in one line: text as it is, nothing as '—', lists joined, objects as 'field: value' pairs. */
export const formatValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const items = value.map((v) => (typeof v === 'object' && v !== null ? `(${formatValue(v)})` : formatValue(v)));
    return items.join(', ');
  }
  if (typeof value === 'object')
    return Object.entries(value)
      .filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => `${fieldLabel(k)}: ${formatValue(v)}`)
      .join(', ');
  return JSON.stringify(value);
};

/** A field name in words: 'shopifyDiscountId' → 'shopify discount id'. */
export const fieldLabel = (field: string): string => field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const leading = ['name', 'code', 'reason', 'email', 'permissionLevel', 'urlSlug', 'attempt', 'kind'];
const isIdentity = (key: string) => key.endsWith('Id') || key.endsWith('Ids') || key.endsWith('At');

/** The few fields that say what an event was about ('name: Spring · attempt: 2'), for a row of the Audit list. */
export const dataSummary = (data: Readonly<Record<string, unknown>>, fields = 3): string => {
  const keys = Object.keys(data).filter((key) => !isIdentity(key) && data[key] !== null);
  const ordered = [...leading.filter((key) => keys.includes(key)), ...keys.filter((key) => !leading.includes(key))];
  return ordered
    .slice(0, fields)
    .map((key) => {
      const value = formatValue(data[key]);
      return `${fieldLabel(key)}: ${value.length > 60 ? `${value.slice(0, 60)}…` : value}`;
    })
    .join(' · ');
};
