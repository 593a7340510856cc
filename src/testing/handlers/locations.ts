import { http, HttpResponse } from 'msw';
import {
  treeGroups,
  type ConsumerType,
  type ConsumersTree,
  type Issue,
  type Location,
} from '../../api/locations';
import { authenticate } from './auth';

// The fake server's locations and their issues (SERVER.md §8), shared with the issue cart's merge like one
// database; reset before each test.

export const locations = {
  rows: [] as Location[],
  /** Issues per location id, oldest first as they were made. */
  issues: new Map<number, Issue[]>(),
  nextId: 1,
  nextIssueId: 1,
};

const consumerTypes = Object.keys(treeGroups) as ConsumerType[];

/** Seeds Physical Lab 1 (id 1) with two issues, Organic Lab A (2) and Dr. X (3, Personal) with none; the
 * Inorganic Lab group stays empty. */
export function resetLocations() {
  const created_at = '2026-01-05T09:00:00.000Z';
  locations.rows = [
    {
      id: 1,
      name: 'Physical Lab 1',
      consumer_type: 'PHYSICAL',
      room_number: '110',
      building_name: 'Science Building',
      created_at,
    },
    {
      id: 2,
      name: 'Organic Lab A',
      consumer_type: 'ORGANIC',
      room_number: '210',
      building_name: 'Science Building',
      created_at,
    },
    {
      id: 3,
      name: 'Dr. X',
      consumer_type: 'PERSONAL',
      room_number: '305',
      building_name: 'Annex',
      created_at,
    },
  ];
  locations.issues = new Map([
    [
      1,
      [
        {
          id: 1,
          created_at: '2026-03-02T12:00:00.000Z',
          objects: [{ id: 2, name: 'Sodium chloride', object_type: 'CHEMICAL', quantity: 20 }],
        },
        {
          id: 2,
          created_at: '2026-11-21T12:00:00.000Z',
          objects: [
            { id: 1, name: 'Ethanol', object_type: 'CHEMICAL', quantity: 5 },
            { id: 3, name: 'Spectrophotometer', object_type: 'INSTRUMENT', quantity: 2 },
            { id: 5, name: 'Beaker', object_type: 'GLASSWARE', quantity: 1 },
          ],
        },
      ],
    ],
  ]);
  locations.nextId = 4;
  locations.nextIssueId = 3;
}

export function findLocation(id: number): Location | undefined {
  return locations.rows.find((row) => row.id === id);
}

/** Records an issue for the location (the merge's last step), returned in the §8.3 shape. */
export function addIssue(locationId: number, objects: Issue['objects']): Issue {
  const issue = { id: locations.nextIssueId++, created_at: new Date().toISOString(), objects };
  locations.issues.set(locationId, [...(locations.issues.get(locationId) ?? []), issue]);
  return issue;
}

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

const textFields = { name: 100, room_number: 20, building_name: 200 } as const;

/** SERVER.md §8.1's create rules: every failing field at once. */
function validate(body: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, maxLength] of Object.entries(textFields)) {
    const value = body[field];
    if (value === undefined) errors[field] = ['This field is required.'];
    else if (typeof value !== 'string' && typeof value !== 'number') errors[field] = ['Not a valid string.'];
    else if (String(value).trim() === '') errors[field] = ['This field may not be blank.'];
    else if (String(value).trim().length > maxLength)
      errors[field] = [`Ensure this field has no more than ${maxLength} characters.`];
  }
  const type = body.consumer_type;
  if (type === undefined) errors.consumer_type = ['This field is required.'];
  else if (!consumerTypes.includes(type as ConsumerType))
    errors.consumer_type = [`"${String(type)}" is not a valid choice.`];
  return errors;
}

export const locationsHandlers = [
  http.get('*/api/management/consumers-tree/', () => {
    const tree: ConsumersTree = { PhysicalLab: [], OrganicLab: [], InorganicLab: [], Personal: [] };
    for (const { id, name, consumer_type } of locations.rows)
      tree[treeGroups[consumer_type]].push({ id, name });
    return HttpResponse.json(tree);
  }),
  http.get('*/api/management/store-consumers/', ({ request }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    return HttpResponse.json(locations.rows);
  }),
  http.post('*/api/management/store-consumers/', async ({ request }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const body = (await request.json()) as Record<string, unknown>;
    const errors = validate(body);
    if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
    const location: Location = {
      id: locations.nextId++,
      name: String(body.name).trim(),
      consumer_type: body.consumer_type as ConsumerType,
      room_number: String(body.room_number).trim(),
      building_name: String(body.building_name).trim(),
      created_at: new Date().toISOString(),
    };
    locations.rows.push(location);
    return HttpResponse.json(location, { status: 201 });
  }),
  http.get('*/api/management/issues/:locationId/', ({ params }) => {
    const id = Number(params.locationId);
    if (!findLocation(id)) return notFound();
    return HttpResponse.json([...(locations.issues.get(id) ?? [])].reverse());
  }),
];
