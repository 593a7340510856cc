import {
  CHANGE_ACTIONS,
  CHANGE_TOPIC_NAMES,
  type ChangeAction,
  type ChangeTopic,
} from '../../server/src/domain/changeTopics';
import { derivedTags, tagsForChange } from './changeTags';
import { listTag, type TagType } from './tags';

// A mutation's invalidatesTags names its own resource's tags and takes the views derived from them (the dashboard,
// the audit log, the ledger, statements, …) from derivedTags, for each topic the server writes with it; the change
// feed tells other tabs of the same change by topic. These tests hold the two to the same views.

const event = (topic: ChangeTopic, action: ChangeAction, ids = [7]) => ({
  topic,
  action,
  ids,
  lab_id: 3,
  user_id: 5,
  actor_id: 5,
  origin: null,
});

const everyChange = CHANGE_TOPIC_NAMES.flatMap((topic) =>
  CHANGE_ACTIONS.map((action) => [topic, action] as const),
);

/** The tag types whose lists are derived views of other topics' rows. */
const DERIVED_TYPES = new Set<TagType>(['Dashboard', 'Audit', 'Ledger', 'Statement', 'Request', 'File']);

/** The topics whose own list is one of those types (a request's change refreshes the request lists as its own). */
const OWN_LIST: Partial<Record<ChangeTopic, TagType>> = {
  request: 'Request',
  file: 'File',
  audit: 'Audit',
  ledger: 'Ledger',
  charge: 'Statement',
};

const viewTypes = (tags: readonly unknown[]) =>
  tags
    .filter(
      (tag): tag is { type: TagType; id: 'LIST' } =>
        typeof tag === 'object' && tag !== null && (tag as { id?: unknown }).id === 'LIST',
    )
    .map((tag) => tag.type)
    .filter((type) => DERIVED_TYPES.has(type));

describe('the derived views of a change', () => {
  it('refreshes the same derived views for a change of each topic, whether made in this tab or another', () => {
    for (const [topic, action] of everyChange) {
      const own = (type: TagType) => type !== OWN_LIST[topic];
      const byMutation = derivedTags({ topic, action });
      const byFeed = tagsForChange(event(topic, action), 5);
      // The change named with its topic and action, so a failure says which.
      expect({ topic, action, views: new Set(viewTypes(byFeed).filter(own)) }).toEqual({
        topic,
        action,
        views: new Set(viewTypes(byMutation).filter(own)),
      });
      expect(byFeed).toEqual(expect.arrayContaining(byMutation));
    }
  });

  it('refreshes the derived views also when the feed names too many rows to list', () => {
    expect(tagsForChange(event('chemical', 'updated', []), 5)).toEqual(
      expect.arrayContaining([listTag('Dashboard'), listTag('Request')]),
    );
  });

  it('refreshes the dashboard with stock, and the requests naming a record when it is edited', () => {
    expect(derivedTags({ topic: 'glassware', action: 'quantity' })).toEqual([listTag('Dashboard')]);
    expect(derivedTags({ topic: 'glassware', action: 'updated' })).toEqual([
      listTag('Dashboard'),
      listTag('Request'),
    ]);
    expect(derivedTags('instrument_staging', 'cart', 'shipment', 'issue')).toEqual([listTag('Dashboard')]);
  });

  it('refreshes the requests and statements that name a fund when it is edited', () => {
    expect(derivedTags('fund')).toEqual([]);
    expect(derivedTags({ topic: 'fund', action: 'updated' })).toEqual([
      listTag('Request'),
      listTag('Statement'),
    ]);
    expect(tagsForChange(event('fund', 'updated'), 5)).toEqual(
      expect.arrayContaining([listTag('Request'), listTag('Statement')]),
    );
  });

  it('leaves the file list alone for a new category, which is on no file yet', () => {
    expect(derivedTags('category')).toEqual([]);
    expect(tagsForChange(event('category', 'created'), 5)).not.toContainEqual(listTag('File'));
    for (const action of ['updated', 'deleted'] as const) {
      expect(derivedTags({ topic: 'category', action })).toEqual([listTag('File')]);
      expect(tagsForChange(event('category', action), 5)).toContainEqual(listTag('File'));
    }
  });

  it('refreshes the audit log, the ledger and the statements with the entries and charges written beside a change', () => {
    expect(derivedTags('audit', 'ledger', 'charge')).toEqual([
      listTag('Audit'),
      listTag('Ledger'),
      listTag('Statement'),
    ]);
    expect(derivedTags('location', 'user', 'membership', 'import', 'request', 'file')).toEqual([]);
  });

  it('names each view once', () => {
    expect(derivedTags('chemical', 'glassware', 'cart', 'audit', 'audit')).toEqual([
      listTag('Dashboard'),
      listTag('Audit'),
    ]);
  });
});
