import type { AuditActor, AuditEvent } from '@dm/events/http';
import { formatDateTime, isIsoInstant } from '@/lib/dates';
import { discountTypeNames, words } from '@/lib/glossary';
import { ruleText, type RuleWords } from '@/lib/rule-text';

/** 'DiscountDeploymentFailed' → 'Discount deployment failed'. */
export const eventTitle = (type: string): string => {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Reactors by what they do for staff, not by their internal names. */
const reactorNames: Record<string, string> = {
  'catalog-import': 'catalog import',
  'discount-deployment': 'deployment to the stores',
  'code-sync': 'code sync',
};

/** A person as 'Ada Admin (admin@demo.test)'; a reactor or the system by what it is. */
export const actorLabel = (actor: AuditActor): string => {
  if (actor.id.startsWith('reactor:')) {
    const reactor = actor.id.slice('reactor:'.length);
    return `System (${reactorNames[reactor] ?? reactor.replaceAll('-', ' ')})`;
  }
  if (actor.id === 'system') return 'System';
  if (actor.email && actor.name) return `${actor.name} (${actor.email})`;
  return actor.email ?? actor.id;
};

/** Times in the reader's own format and time zone, to the second. */
export const formatAt = (iso: string): string => formatDateTime(iso);

/** What only a developer needs: ids, hashes, Shopify's gid:// ids, stream names, UUIDs. */
const isInternalValue = (value: unknown): boolean =>
  typeof value === 'string' &&
  (value.startsWith('gid://') ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ||
    /^[0-9a-f]{32,}$/i.test(value) ||
    /^[a-z][a-z-]*:[^\s]+$/.test(value));
const internalKeys = new Set(['hash', 'authType', 'savedLocally', 'storeSlug', 'version', 'commandId']);
export const isInternalField = (key: string, value: unknown): boolean =>
  key.endsWith('Id') || key.endsWith('Ids') || internalKeys.has(key) || isInternalValue(value);

/** A changed value in one line: text as it is, times as times, yes/no, nothing as '—', lists joined. */
export const formatValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return isIsoInstant(value) ? formatDateTime(value) : value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return value.toLocaleString();
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const items = value.map((v) => (typeof v === 'object' && v !== null ? `(${formatValue(v)})` : formatValue(v)));
    return items.join(', ');
  }
  if (typeof value === 'object')
    return Object.entries(value)
      .filter(([k, v]) => v !== null && !(Array.isArray(v) && v.length === 0) && !isInternalField(k, v))
      .map(([k, v]) => `${fieldLabel(k)}: ${formatField(k, v)}`)
      .join(', ');
  return JSON.stringify(value);
};

/** Fields whose name in the log is not the staff's word for them. */
const fieldWords: Record<string, string> = { seedCode: words.firstCode.toLowerCase(), discountType: 'type' };

/** A field name in words: 'discountValue' → 'discount value', 'seedCode' → 'first code'. */
export const fieldLabel = (field: string): string =>
  fieldWords[field] ?? field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

const isRule = (value: unknown): value is RuleWords =>
  typeof value === 'object' && value !== null && 'kind' in value && 'amount' in value && 'target' in value;
const scopeWords: Record<string, string> = {
  all: 'all products',
  products: 'chosen products',
  collections: 'chosen collections',
};

/**
 * A field's value in the staff's words where the log keeps a code for it (a type, a rule, a scope); every other
 * value as formatValue writes it. History, the Audit rows and their expanded changes all read fields through here.
 */
export const formatField = (field: string, value: unknown): string => {
  if (field === 'discountType' && typeof value === 'string' && value in discountTypeNames)
    return discountTypeNames[value as keyof typeof discountTypeNames];
  if (field === 'rules' && Array.isArray(value) && value.every(isRule))
    return value.length ? value.map(ruleText).join('; ') : 'none';
  if (field === 'productScope' && typeof value === 'object' && value !== null && 'type' in value)
    return scopeWords[String(value.type)] ?? formatValue(value);
  return formatValue(value);
};

const leading = ['name', 'discountType', 'title', 'code', 'reason', 'email', 'permissionLevel', 'attempt', 'kind'];

/** The fields a person reads, telling ones first: no ids, hashes or internals (those are under 'details'). */
export const readableFields = (data: Readonly<Record<string, unknown>>): [string, unknown][] => {
  const keys = Object.keys(data).filter(
    (key) => data[key] !== null && !key.endsWith('At') && !isInternalField(key, data[key]),
  );
  const ordered = [...leading.filter((key) => keys.includes(key)), ...keys.filter((key) => !leading.includes(key))];
  return ordered.map((key) => [key, data[key]]);
};

/** The few fields that say what an event was about ('name: Spring · attempt: 2'), for the row itself. */
export const dataSummary = (data: Readonly<Record<string, unknown>>, fields = 3): string =>
  readableFields(data)
    .slice(0, fields)
    .map(([key, value]) => {
      const text = formatField(key, value);
      return `${fieldLabel(key)}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`;
    })
    .join(' · ');

const kindNames: Record<string, string> = {
  discount: 'Discount',
  code: 'Code',
  store: 'Store',
  user: 'Person',
  region: 'Region',
  country: 'Country',
  catalog: 'Catalog',
  brand: 'Brand',
};

/** What the event is about, by name: 'Discount: Spring Sale', 'Code: SPRING10', 'Person: ada@x'. */
export const subjectOf = (event: Pick<AuditEvent, 'entityKind' | 'data'>): string => {
  const { data } = event;
  const text = (key: string) => (typeof data[key] === 'string' && data[key] ? data[key] : null);
  const kind = kindNames[event.entityKind] ?? fieldLabel(event.entityKind);
  // A discount's events may carry one of its codes (its first code, when deployed): never its name.
  const name =
    event.entityKind === 'discount'
      ? (text('name') ?? text('discountName'))
      : (text('name') ?? text('code') ?? text('title') ?? text('email') ?? text('discountName'));
  return name ? `${kind}: ${name}` : kind;
};
